// The certificate (diploma) as a PDF: A4 landscape, built-in Helvetica (covers Spanish
// accents), a QR code of the public verification URL. Server only: @react-pdf never reaches
// the browser bundle.
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

function formatIssueDate(date: Date) {
  return longDate.format(date);
}

const s = StyleSheet.create({
  page: { padding: 28, fontFamily: "Helvetica", color: INK, backgroundColor: "#ffffff" },
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
  brand: { fontSize: 16, fontFamily: "Helvetica-Bold", color: BRAND, letterSpacing: 2, textTransform: "uppercase" },
  title: {
    marginTop: 26,
    fontSize: 30,
    fontFamily: "Helvetica-Bold",
    letterSpacing: 1.5,
    color: PDF_COLOURS.brandDark,
  },
  lead: { marginTop: 26, fontSize: 13, color: MUTED },
  holder: { marginTop: 12, fontSize: 34, fontFamily: "Helvetica-Bold", textAlign: "center" },
  rule: { marginTop: 8, width: 360, borderBottomWidth: 1, borderBottomColor: PDF_COLOURS.frame },
  course: {
    marginTop: 10,
    fontSize: 22,
    fontFamily: "Helvetica-Bold",
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
  code: { marginTop: 2, fontSize: 12, fontFamily: "Courier-Bold", color: INK, letterSpacing: 1 },
  url: { marginTop: 2, fontSize: 8, color: BRAND },
  issued: { alignItems: "center" },
  issuedDate: { fontSize: 12, fontFamily: "Helvetica-Bold" },
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
  const date = formatIssueDate(data.emitidoEn);
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
  const qr = await QRCode.toDataURL(data.verificationUrl, { errorCorrectionLevel: "M", margin: 1, width: 300 });
  const buffer = await renderToBuffer(<CertificateDocument data={data} qr={qr} />);
  return new Uint8Array(buffer);
}
