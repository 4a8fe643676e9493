// 24 static course cards: what the framework costs with no data, no session and no styling.
const cards = Array.from({ length: 24 }, (_, i) => ({
  id: i + 1,
  title: `Curso de ejemplo número ${i + 1}`,
  text: "Una descripción breve del curso, de una o dos líneas, como en un catálogo real.",
}));

export function meta() {
  return [{ title: "Página de referencia" }];
}

export default function Home() {
  return (
    <main>
      <h1>Cursos</h1>
      <ul>
        {cards.map((card) => (
          <li key={card.id}>
            <article>
              <h2>
                <a href={`/cursos/${card.id}`}>{card.title}</a>
              </h2>
              <p>{card.text}</p>
            </article>
          </li>
        ))}
      </ul>
    </main>
  );
}
