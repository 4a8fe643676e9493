/** A link to another site, opened in a new tab without a handle on this page or its address. */
export function ExternalLink({ children, ...props }: Omit<React.ComponentProps<"a">, "target" | "rel">) {
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
