// The certificate (diploma) as a PDF: A4 landscape, a QR code of the public verification URL, in
// Noto Sans (@expo-google-fonts/noto-sans: TrueType files, SIL Open Font License), embedded: the
// PDF's standard fonts know only Windows-1252, so a name such as 'Łucía Ṉawel Nguyễn' came out
// garbled. Noto Sans has Latin Extended-A/B and Additional (Vietnamese), Greek and Cyrillic; only
// the glyphs used are embedded. Server only: @react-pdf never reaches the browser bundle.
import { createRequire } from "node:module";
import { Document, Font, Image, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import QRCode from "qrcode";
import { formatHours } from "~/lib/hours.ts";

export type CertificatePdfData = {
  brand: string;
  nombreTitular: string;
  tituloCurso: string;
  duracionHoras: number | null;
  emitidoEn: Date;
  codigo: string;
  verificationUrl: string;
};

// Whole words only: the default (English) hyphenation splits Spanish words badly.
Font.registerHyphenationCallback((word) => [word]);

/** The certificate's one font family, regular and bold (TrueType: fontkit reads it fast). */
const PDF_FONT = "Noto Sans";
const require = createRequire(import.meta.url);
const FONT_FILES = {
  400: require.resolve("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf"),
  700: require.resolve("@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf"),
};
const WEIGHTS = [400, 700] as const;
Font.register({ family: PDF_FONT, fonts: WEIGHTS.map((fontWeight) => ({ src: FONT_FILES[fontWeight], fontWeight })) });

type Glyph = { codePoints: number[] };
type GlyphSource = { getGlyph(id: number, characters?: number[]): Glyph | null };
const mended = new WeakSet<object>();
/**
 * fontkit (under @react-pdf) keeps one glyph object per glyph for the life of the process, with
 * the characters it was first asked for; the parts of a composite glyph are asked for with none
 * (the 'g' inside 'ġ', the 'Z' inside 'Ǆ'), so once such a name was rendered, every later
 * certificate's 'g' or 'Z' looked right but copied (and read back) as nothing
 * (foliojs/fontkit#154, diegomura/react-pdf#3404, both open). Here a glyph kept without
 * characters takes those of the next request that has them: the fix proposed upstream.
 */
async function keepGlyphCharacters() {
  for (const fontWeight of WEIGHTS) {
    const source = Font.getFont({ fontFamily: PDF_FONT, fontWeight });
    await source.load();
    const font = source.data as unknown as GlyphSource | null;
    if (!font || mended.has(font)) continue;
    mended.add(font);
    const getGlyph = font.getGlyph.bind(font);
    font.getGlyph = (id, characters = []) => {
      const glyph = getGlyph(id, characters);
      if (glyph && characters.length > 0 && glyph.codePoints.length === 0) glyph.codePoints = characters;
      return glyph;
    };
  }
}

// The site's colours (app/app.css, --color-brand-*; certificate-pdf.test.ts keeps them in step):
// the frame and rules in brand-600, text in brand-700 / brand-800 (over 4.5:1 on white), the
// inner border in brand-100.
export const PDF_COLOURS = {
  frame: "#1f7a63", // --color-brand-600
  brand: "#17614e", // --color-brand-700
  brandDark: "#124c3e", // --color-brand-800
  soft: "#d5ece4", // --color-brand-100
  ink: "#0f172a",
  muted: "#475569",
};
const BRAND = PDF_COLOURS.brand;
const INK = PDF_COLOURS.ink;
const MUTED = PDF_COLOURS.muted;

const longDate = new Intl.DateTimeFormat("es-CL", {
  timeZone: "America/Santiago",
  day: "numeric",
  month: "long",
  year: "numeric",
});

const s = StyleSheet.create({
  // Without 'ccmp': it would split a letter the font has whole ('ị' into 'i' and a dot below),
  // and the split dot reads back as nothing; each letter is then one glyph, read back exactly.
  page: {
    padding: 28,
    fontFamily: PDF_FONT,
    fontFeatureSettings: { ccmp: false },
    color: INK,
    backgroundColor: "#ffffff",
  },
  frame: { flex: 1, borderWidth: 3, borderColor: PDF_COLOURS.frame, padding: 6 },
  inner: {
    flex: 1,
    borderWidth: 1,
    borderColor: PDF_COLOURS.soft,
    paddingHorizontal: 48,
    paddingTop: 44,
    paddingBottom: 30,
    alignItems: "center",
  },
  brand: { fontSize: 16, fontWeight: 700, color: BRAND, letterSpacing: 2, textTransform: "uppercase" },
  title: {
    marginTop: 26,
    fontSize: 30,
    fontWeight: 700,
    letterSpacing: 1.5,
    color: PDF_COLOURS.brandDark,
  },
  lead: { marginTop: 26, fontSize: 13, color: MUTED },
  holder: { marginTop: 12, fontSize: 34, fontWeight: 700, textAlign: "center" },
  rule: { marginTop: 8, width: 360, borderBottomWidth: 1, borderBottomColor: PDF_COLOURS.frame },
  course: {
    marginTop: 10,
    fontSize: 22,
    fontWeight: 700,
    color: BRAND,
    textAlign: "center",
    maxWidth: 640,
  },
  detail: { marginTop: 10, fontSize: 13, color: MUTED, textAlign: "center" },
  footer: {
    position: "absolute",
    left: 48,
    right: 48,
    bottom: 26,
    flexDirection: "row",
    alignItems: "flex-end",
    justifyContent: "space-between",
  },
  verify: { flexDirection: "row", alignItems: "flex-end" },
  qr: { width: 86, height: 86 },
  verifyText: { marginLeft: 12, maxWidth: 360 },
  small: { fontSize: 9, color: MUTED },
  code: { marginTop: 2, fontSize: 12, fontWeight: 700, color: INK, letterSpacing: 1 },
  url: { marginTop: 2, fontSize: 8, color: BRAND },
  issued: { alignItems: "center" },
  issuedDate: { fontSize: 12, fontWeight: 700 },
  issuedRule: { width: 180, borderBottomWidth: 1, borderBottomColor: INK, marginBottom: 4 },
});

/** A smaller font for long text, so the body never runs into the footer. */
function fit(text: string, base: number, steps: Array<[number, number]>) {
  let size = base;
  for (const [length, smaller] of steps) if (text.length > length) size = smaller;
  return size;
}

function CertificateDocument({ data, qr }: { data: CertificatePdfData; qr: string }) {
  const hours = formatHours(data.duracionHoras);
  const date = longDate.format(data.emitidoEn);
  return (
    <Document
      title={`Certificado: ${data.tituloCurso}`}
      author={data.brand}
      subject={`Certificado de ${data.nombreTitular}`}
      language="es-CL"
    >
      <Page size="A4" orientation="landscape" style={s.page}>
        <View style={s.frame}>
          <View style={s.inner}>
            <Text style={s.brand}>{data.brand}</Text>
            <Text style={s.title}>CERTIFICADO DE APROBACIÓN</Text>
            <Text style={s.lead}>Se certifica que</Text>
            <Text
              style={[
                s.holder,
                {
                  fontSize: fit(data.nombreTitular, 34, [
                    [40, 28],
                    [70, 22],
                  ]),
                },
              ]}
            >
              {data.nombreTitular}
            </Text>
            <View style={s.rule} />
            <Text style={s.lead}>ha completado satisfactoriamente el curso</Text>
            <Text
              style={[
                s.course,
                {
                  fontSize: fit(data.tituloCurso, 22, [
                    [70, 18],
                    [140, 15],
                    [220, 12],
                  ]),
                },
              ]}
            >
              {data.tituloCurso}
            </Text>
            {hours ? <Text style={s.detail}>con una duración de {hours}</Text> : null}
            <View style={s.footer}>
              <View style={s.verify}>
                <Image style={s.qr} src={qr} />
                <View style={s.verifyText}>
                  <Text style={s.small}>Código de verificación</Text>
                  <Text style={s.code}>{data.codigo}</Text>
                  <Text style={s.url}>{data.verificationUrl}</Text>
                </View>
              </View>
              <View style={s.issued}>
                <View style={s.issuedRule} />
                <Text style={s.small}>Emitido el</Text>
                <Text style={s.issuedDate}>{date}</Text>
              </View>
            </View>
          </View>
        </View>
      </Page>
    </Document>
  );
}

/** Renders the certificate to PDF bytes. */
export async function renderCertificatePdf(data: CertificatePdfData): Promise<Uint8Array> {
  await keepGlyphCharacters();
  const qr = await QRCode.toDataURL(data.verificationUrl, { errorCorrectionLevel: "M", margin: 1, width: 300 });
  const buffer = await renderToBuffer(<CertificateDocument data={data} qr={qr} />);
  return new Uint8Array(buffer);
}
