/** A field people never see (nor assistive technology); bots fill it and are ignored. */
export function Honeypot({ name = "sitioWeb" }: { name?: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={name}>Sitio web</label>
      <input id={name} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
