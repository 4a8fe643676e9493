// 'Ver certificado': the certificate's PDF in a new tab, saying so to assistive technology.
// Browser-safe.
import { NEW_TAB_HINT, SEE_CERTIFICATE } from "../texts.ts";

export function CertificateLink({
  href,
  className = "btn-primary",
  children = SEE_CERTIFICATE,
}: {
  href: string;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel="noopener" className={className}>
      {children}
      <span className="sr-only">{` ${NEW_TAB_HINT}`}</span>
    </a>
  );
}
