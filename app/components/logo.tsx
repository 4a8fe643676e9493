export function Logo({ brand, light = false }: { brand: string; light?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 font-bold">
      <svg aria-hidden="true" viewBox="0 0 64 64" className="h-8 w-8 shrink-0">
        <rect width="64" height="64" rx="14" fill={light ? "#ffffff" : "#1f7a63"} />
        <path
          d="M32 12 8 24l24 12 20-10v14h4V24L32 12zm-14 22v10c0 4 6 8 14 8s14-4 14-8V34l-14 7-14-7z"
          fill={light ? "#1f7a63" : "#ffffff"}
        />
      </svg>
      <span className={light ? "text-white" : "text-brand-800"}>{brand}</span>
    </span>
  );
}
