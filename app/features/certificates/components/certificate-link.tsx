// 'Ver certificado': the certificate's PDF in a new tab, saying so to assistive technology.
// Browser-safe.

export function CertificateLink({
  href,
  className = "btn-primary",
  children = "Ver certificado",
}: {
  href: string;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel="noopener" className={className}>
      {children}
      <span className="sr-only">{" (se abre en una pestaña nueva)"}</span>
    </a>
  );
}
