// 'Descargar mis datos' (docs/product.md#my-data): a plain link to the /mis-datos attachment.
const MY_DATA_PATH = "/mis-datos";

export function MyDataCard() {
  return (
    <section aria-labelledby="descargar-mis-datos" className="card mt-6 space-y-4 p-6">
      <h2 id="descargar-mis-datos" className="text-lg font-semibold text-slate-900">
        Descargar mis datos
      </h2>
      <p className="text-sm text-slate-600">
        Un archivo ZIP con todo lo que la academia guarda sobre ti: tu perfil y tus consentimientos, tus inscripciones,
        tus evaluaciones con tus respuestas, tus certificados (con sus PDF), los mensajes que enviaste y recibiste, tus
        sesiones y el registro de actividad de tu cuenta. Los datos vienen en archivos JSON, con un LEEME.txt que
        explica cada uno.
      </p>
      <a href={MY_DATA_PATH} className="btn-secondary inline-block">
        Descargar mis datos
      </a>
    </section>
  );
}
