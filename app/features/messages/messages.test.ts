import { describe, expect, it } from "vitest";
import { unreadShown, unreadSpoken } from "~/features/notifications/limits.ts";
import { folderFrom, replySubject, SUBJECT_MAX } from "./texts.ts";

describe("replySubject", () => {
  it("puts 'Re: ' in front once, however many the original had", () => {
    expect(replySubject("Tarea")).toBe("Re: Tarea");
    expect(replySubject("Re: Tarea")).toBe("Re: Tarea");
    expect(replySubject("RE: re:Re :  Tarea")).toBe("Re: Tarea");
    expect(replySubject("Reunión del lunes")).toBe("Re: Reunión del lunes");
    expect(replySubject("Re:")).toBe("Re:");
  });

  it("stays within the subject's limit", () => {
    const long = "x".repeat(SUBJECT_MAX);
    expect(replySubject(long)).toHaveLength(SUBJECT_MAX);
    expect(replySubject(long).startsWith("Re: x")).toBe(true);
  });
});

describe("unread count as shown", () => {
  it("nothing for none, the number up to 99, then 99+", () => {
    expect(unreadShown(0)).toBe("");
    expect(unreadShown(3)).toBe("3");
    expect(unreadSpoken(3)).toBe("3 sin leer");
    expect(unreadShown(99)).toBe("99");
    expect(unreadShown(100)).toBe("99+");
    expect(unreadSpoken(100)).toBe("más de 99 sin leer");
  });
});

describe("folderFrom", () => {
  it("?carpeta=enviados is the sent folder; anything else the inbox", () => {
    expect(folderFrom("/user/messages?carpeta=enviados")).toBe("enviados");
    expect(folderFrom("/user/messages")).toBe("recibidos");
    expect(folderFrom("/user/messages?carpeta=otra")).toBe("recibidos");
  });
});
