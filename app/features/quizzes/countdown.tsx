// A timed attempt's countdown (docs/decisions/045-served-attempts.md): with JavaScript only; the
// page states the end time without it. No dependency: one interval, cleared on unmount.
import { useEffect, useState } from "react";

const left = (until: Date) => Math.max(0, Math.ceil((until.getTime() - Date.now()) / 1000));

export function Countdown({ until }: { until: Date }) {
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setSeconds(left(until));
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [until]);
  // Nothing on the server's render: the time left is the browser's.
  if (seconds === null) return null;
  const mm = String(Math.floor(seconds / 60)).padStart(2, "0");
  const ss = String(seconds % 60).padStart(2, "0");
  return (
    <span role="timer" className="block" data-testid="cuenta-regresiva">
      {seconds === 0 ? "Se acabó el tiempo." : `Quedan ${mm}:${ss}.`}
    </span>
  );
}
