// The demo catalog: courses, modules, quizzes, books and participant names (Spanish, Chile).
import type { CoverTheme, PdfSection } from "./seed-assets.ts";

type QuestionSeed = { texto: string; opciones: string[]; correcta: number };
type ModuleSeed = {
  titulo: string;
  descripcion: string;
  archivos: Array<{ titulo: string; secciones: PdfSection[] }>;
  enlaces: Array<{ nombre: string; url: string }>;
  preguntas: QuestionSeed[];
};
export type CourseSeed = {
  titulo: string;
  theme: CoverTheme;
  dirigidoA: "general" | "docente" | "estudiante" | "comunidad";
  publicado: boolean;
  duracionHoras: number;
  fechaInicio: string;
  fechaTermino: string;
  bienvenida: string;
  herramientas: string[];
  loAprenderan: string[];
  modulos: ModuleSeed[];
};

const L = {
  unesco: {
    nombre: "UNESCO: Educación para el desarrollo sostenible",
    url: "https://www.unesco.org/es/sustainable-development/education",
  },
  mma: { nombre: "Ministerio del Medio Ambiente de Chile", url: "https://mma.gob.cl/" },
  mineduc: { nombre: "Ministerio de Educación de Chile", url: "https://www.mineduc.cl/" },
  curriculum: { nombre: "Currículum Nacional (Mineduc)", url: "https://www.curriculumnacional.cl/" },
  scratch: { nombre: "Scratch (MIT)", url: "https://scratch.mit.edu/" },
  python: { nombre: "Documentación oficial de Python (español)", url: "https://docs.python.org/es/3/tutorial/" },
  mdn: { nombre: "MDN Web Docs en español", url: "https://developer.mozilla.org/es/" },
  minvu: { nombre: "Ministerio de Vivienda y Urbanismo", url: "https://www.minvu.gob.cl/" },
  ine: { nombre: "Instituto Nacional de Estadísticas", url: "https://www.ine.gob.cl/" },
  onu: { nombre: "Objetivos de Desarrollo Sostenible (ONU)", url: "https://www.un.org/sustainabledevelopment/es/" },
  osm: { nombre: "OpenStreetMap", url: "https://www.openstreetmap.org/" },
  chileatiende: { nombre: "ChileAtiende", url: "https://www.chileatiende.gob.cl/" },
  incibe: { nombre: "INCIBE: ciberseguridad para la ciudadanía", url: "https://www.incibe.es/ciudadania" },
  wikipedia: { nombre: "Wikipedia en español", url: "https://es.wikipedia.org/" },
};

/** A module with one guide PDF whose sections are written from the module's own points. */
function mod(
  titulo: string,
  descripcion: string,
  puntos: string[],
  enlaces: ModuleSeed["enlaces"],
  preguntas: QuestionSeed[],
): ModuleSeed {
  return {
    titulo,
    descripcion,
    archivos: [
      {
        titulo: `Guía: ${titulo}`,
        secciones: [
          {
            heading: "Introducción",
            paragraphs: [
              descripcion,
              "Lee esta guía con calma. Al final del módulo encontrarás una evaluación breve: necesitas un 70 % de respuestas correctas para aprobarla, y puedes intentarlo las veces que quieras.",
            ],
          },
          {
            heading: "Ideas clave",
            bullets: puntos,
            paragraphs: [
              "Te sugerimos anotar un ejemplo de tu comuna o de tu establecimiento para cada idea clave: aprender con casos cercanos ayuda a recordar y aplicar lo aprendido.",
            ],
          },
          {
            heading: "Actividad práctica",
            paragraphs: [
              "Elige una de las ideas clave y conversa sobre ella con una persona de tu entorno. Registra en un párrafo qué aprendiste de esa conversación y qué harías distinto a partir de ahora.",
            ],
          },
        ],
      },
    ],
    enlaces,
    preguntas,
  };
}

const q = (texto: string, opciones: string[], correcta: number): QuestionSeed => ({ texto, opciones, correcta });

export const COURSES: CourseSeed[] = [
  {
    titulo: "Introducción a la programación con Python",
    theme: "tecnologia",
    dirigidoA: "estudiante",
    publicado: true,
    duracionHoras: 20,
    fechaInicio: "2026-03-02",
    fechaTermino: "2026-12-18",
    bienvenida:
      "Da tus primeros pasos en programación escribiendo pequeños programas útiles en Python, desde el celular o el computador.",
    herramientas: ["Python 3", "Editor en línea", "Cuaderno de apuntes"],
    loAprenderan: [
      "Variables y tipos de datos",
      "Condiciones y ciclos",
      "Funciones simples",
      "Resolver problemas paso a paso",
    ],
    modulos: [
      mod(
        "Tu primer programa",
        "Qué es un programa, cómo se ejecuta y cómo mostrar mensajes en pantalla.",
        [
          "Un programa es una lista ordenada de instrucciones.",
          "print() muestra texto en pantalla.",
          "Los errores son pistas, no fracasos.",
        ],
        [L.python],
        [
          q("¿Qué instrucción muestra un texto en pantalla en Python?", ["input()", "print()", "show()", "echo()"], 1),
          q(
            "Un programa es…",
            ["Una lista ordenada de instrucciones", "Un tipo de computador", "Un archivo de imagen"],
            0,
          ),
          q(
            "Cuando aparece un error, lo mejor es…",
            ["Borrar todo", "Leer el mensaje y buscar la línea indicada", "Apagar el equipo"],
            1,
          ),
        ],
      ),
      mod(
        "Variables y decisiones",
        "Guardar datos en variables y tomar decisiones con if y else.",
        [
          "Una variable guarda un valor con un nombre.",
          "if evalúa una condición verdadera o falsa.",
          "Los operadores de comparación son ==, !=, <, >.",
        ],
        [L.python, L.wikipedia],
        [
          q(
            "¿Qué hace la instrucción edad = 16?",
            ["Compara edad con 16", "Guarda 16 en la variable edad", "Imprime 16"],
            1,
          ),
          q("¿Qué operador compara si dos valores son iguales?", ["=", "==", "=>", "!="], 1),
          q("else se ejecuta cuando…", ["La condición del if es falsa", "Siempre", "Nunca"], 0),
        ],
      ),
      mod(
        "Ciclos y funciones",
        "Repetir tareas con for y while, y agrupar código en funciones.",
        [
          "for recorre una secuencia.",
          "while repite mientras la condición se cumpla.",
          "Una función tiene nombre, parámetros y retorno.",
        ],
        [L.python],
        [
          q("¿Qué ciclo conviene para recorrer una lista?", ["for", "if", "def"], 0),
          q("¿Con qué palabra se define una función?", ["func", "def", "function", "lambda"], 1),
          q(
            "Un ciclo while sin condición de término…",
            ["Termina solo", "Puede repetirse para siempre", "No se ejecuta"],
            1,
          ),
        ],
      ),
    ],
  },
  {
    titulo: "Herramientas digitales para el aula",
    theme: "tecnologia",
    dirigidoA: "docente",
    publicado: true,
    duracionHoras: 16,
    fechaInicio: "2026-03-09",
    fechaTermino: "2026-11-30",
    bienvenida:
      "Planifica clases más participativas con herramientas gratuitas que funcionan incluso con conexiones lentas.",
    herramientas: ["Formularios en línea", "Pizarras colaborativas", "Presentaciones"],
    loAprenderan: [
      "Elegir herramientas según el objetivo de aprendizaje",
      "Diseñar evaluaciones formativas breves",
      "Cuidar los datos de tus estudiantes",
    ],
    modulos: [
      mod(
        "Elegir la herramienta adecuada",
        "Criterios pedagógicos y técnicos para elegir herramientas digitales.",
        [
          "Primero el objetivo de aprendizaje, después la herramienta.",
          "Prefiere herramientas que funcionen en celulares.",
          "Revisa la política de privacidad.",
        ],
        [L.mineduc, L.curriculum],
        [
          q(
            "¿Qué debe guiar la elección de una herramienta digital?",
            ["Su popularidad", "El objetivo de aprendizaje", "Su precio de mercado"],
            1,
          ),
          q(
            "Con estudiantes que se conectan desde el celular conviene…",
            [
              "Herramientas livianas y adaptables",
              "Programas que solo funcionan en escritorio",
              "Videos en máxima resolución",
            ],
            0,
          ),
          q(
            "Antes de usar una plataforma con estudiantes hay que revisar…",
            ["Su logo", "Su política de privacidad", "Su número de seguidores"],
            1,
          ),
        ],
      ),
      mod(
        "Evaluación formativa en línea",
        "Preguntas rápidas, retroalimentación inmediata y seguimiento del avance.",
        [
          "La evaluación formativa orienta, no califica.",
          "La retroalimentación debe ser oportuna y específica.",
          "Pocas preguntas bien pensadas valen más que muchas.",
        ],
        [L.curriculum],
        [
          q(
            "La evaluación formativa busca principalmente…",
            ["Poner notas", "Orientar el aprendizaje", "Ordenar a los estudiantes"],
            1,
          ),
          q("Una buena retroalimentación es…", ["Tardía y general", "Oportuna y específica", "Solo numérica"], 1),
          q(
            "¿Cuántas preguntas conviene en un sondeo rápido?",
            ["Pocas y bien pensadas", "Más de cincuenta", "Ninguna"],
            0,
          ),
        ],
      ),
    ],
  },
  {
    titulo: "Huertos urbanos y compostaje en el barrio",
    theme: "sostenibilidad",
    dirigidoA: "comunidad",
    publicado: true,
    duracionHoras: 10,
    fechaInicio: "2026-04-01",
    fechaTermino: "2026-10-31",
    bienvenida: "Aprende a organizar un huerto comunitario y a transformar residuos orgánicos en abono para tu barrio.",
    herramientas: ["Composteras caseras", "Calendario de siembra del sur de Chile", "Planilla de turnos"],
    loAprenderan: [
      "Elegir el lugar y los cultivos del huerto",
      "Hacer compost sin malos olores",
      "Organizar turnos vecinales",
    ],
    modulos: [
      mod(
        "Diseño del huerto",
        "Luz, agua, suelo y cultivos de temporada en el sur de Chile.",
        [
          "Un huerto necesita al menos seis horas de sol.",
          "Las hortalizas de hoja son ideales para empezar.",
          "El riego temprano reduce la evaporación.",
        ],
        [L.mma],
        [
          q("¿Cuántas horas de sol necesita, como mínimo, un huerto?", ["Dos", "Seis", "Doce"], 1),
          q(
            "¿Qué cultivos son recomendables para empezar?",
            ["Hortalizas de hoja como lechuga y acelga", "Árboles frutales", "Cactus"],
            0,
          ),
          q("¿Cuándo conviene regar?", ["A mediodía", "Temprano en la mañana", "Nunca"], 1),
        ],
      ),
      mod(
        "Compostaje",
        "Cómo mezclar residuos verdes y secos para obtener buen compost.",
        [
          "Mezcla residuos húmedos (verdes) y secos (cafés).",
          "Voltea la mezcla una vez por semana.",
          "No agregues carne, lácteos ni aceites.",
        ],
        [L.mma, L.onu],
        [
          q("¿Qué NO se debe agregar al compost?", ["Cáscaras de fruta", "Hojas secas", "Restos de carne"], 2),
          q(
            "Para evitar malos olores hay que…",
            ["Agregar solo residuos húmedos", "Equilibrar residuos húmedos y secos y airear", "Tapar herméticamente"],
            1,
          ),
          q("¿Cada cuánto conviene voltear el compost?", ["Una vez por semana", "Una vez al año", "Nunca"], 0),
        ],
      ),
      mod(
        "Organización vecinal",
        "Acuerdos, turnos y celebración de las cosechas.",
        [
          "Define acuerdos por escrito.",
          "Reparte turnos de riego y cuidado.",
          "Comparte la cosecha y los aprendizajes.",
        ],
        [L.chileatiende],
        [],
      ),
    ],
  },
  {
    titulo: "Ciudadanía digital y seguridad en internet",
    theme: "tecnologia",
    dirigidoA: "general",
    publicado: true,
    duracionHoras: 8,
    fechaInicio: "2026-03-16",
    fechaTermino: "2026-12-31",
    bienvenida: "Protege tus cuentas, reconoce estafas y participa con respeto en internet.",
    herramientas: ["Gestor de contraseñas", "Verificación en dos pasos", "Navegador actualizado"],
    loAprenderan: ["Crear contraseñas robustas", "Reconocer el phishing", "Cuidar tu huella digital"],
    modulos: [
      mod(
        "Contraseñas y cuentas",
        "Contraseñas largas, gestores y verificación en dos pasos.",
        [
          "Una frase larga es más segura que una palabra con símbolos.",
          "No repitas contraseñas entre servicios.",
          "Activa la verificación en dos pasos.",
        ],
        [L.incibe],
        [
          q("¿Cuál contraseña es más segura?", ["Clave123", "una frase larga y fácil de recordar", "qwerty"], 1),
          q("Usar la misma contraseña en todos los servicios es…", ["Recomendable", "Riesgoso", "Obligatorio"], 1),
          q(
            "La verificación en dos pasos…",
            ["Agrega una segunda prueba de identidad", "Elimina la contraseña", "Hace más lenta la conexión"],
            0,
          ),
        ],
      ),
      mod(
        "Estafas y desinformación",
        "Cómo reconocer mensajes falsos y verificar información.",
        [
          "Desconfía de mensajes urgentes que piden datos.",
          "Revisa la dirección real de los enlaces.",
          "Contrasta la información con fuentes oficiales.",
        ],
        [L.incibe, L.chileatiende],
        [
          q(
            "Un correo que pide tu clave con urgencia probablemente es…",
            ["Phishing", "Un aviso oficial", "Publicidad"],
            0,
          ),
          q(
            "Antes de compartir una noticia conviene…",
            ["Compartirla rápido", "Verificarla en fuentes confiables", "Cambiarle el título"],
            1,
          ),
          q(
            "Para revisar un enlace sospechoso hay que…",
            ["Mirar la dirección real antes de abrirlo", "Abrirlo para ver qué pasa", "Reenviarlo"],
            0,
          ),
        ],
      ),
    ],
  },
  {
    titulo: "Educación ambiental en la escuela",
    theme: "sostenibilidad",
    dirigidoA: "docente",
    publicado: true,
    duracionHoras: 12,
    fechaInicio: "2026-03-23",
    fechaTermino: "2026-11-27",
    bienvenida: "Integra la sustentabilidad en tus asignaturas con proyectos que involucren a la comunidad escolar.",
    herramientas: ["Aprendizaje basado en proyectos", "Rúbricas", "Bitácora de aula"],
    loAprenderan: [
      "Diseñar un proyecto ambiental interdisciplinario",
      "Evaluar con rúbricas",
      "Involucrar a las familias",
    ],
    modulos: [
      mod(
        "Sustentabilidad en el currículum",
        "Dónde aparece la educación ambiental en las bases curriculares.",
        [
          "La sustentabilidad es transversal a las asignaturas.",
          "Los Objetivos de Desarrollo Sostenible orientan proyectos.",
          "El entorno local es el mejor laboratorio.",
        ],
        [L.curriculum, L.unesco],
        [
          q(
            "La educación ambiental en el currículum es…",
            ["Exclusiva de Ciencias", "Transversal a varias asignaturas", "Optativa fuera de clases"],
            1,
          ),
          q(
            "¿Qué marco internacional orienta proyectos de sustentabilidad?",
            ["Los Objetivos de Desarrollo Sostenible", "El código tributario", "Las reglas del fútbol"],
            0,
          ),
          q(
            "El mejor laboratorio para un proyecto ambiental es…",
            ["El entorno local", "Un lugar lejano", "Solo el libro de texto"],
            0,
          ),
        ],
      ),
      mod(
        "Proyectos con la comunidad",
        "Planificar, ejecutar y evaluar un proyecto ambiental escolar.",
        [
          "Parte de un problema real del entorno.",
          "Define productos y plazos con los estudiantes.",
          "Comunica los resultados a la comunidad.",
        ],
        [L.mma, L.mineduc],
        [
          q(
            "Un buen proyecto ambiental parte de…",
            ["Un problema real del entorno", "Una idea al azar", "Una nota mínima"],
            0,
          ),
          q(
            "¿Para qué sirve una rúbrica?",
            ["Para hacer explícitos los criterios de evaluación", "Para tomar asistencia", "Para decorar la sala"],
            0,
          ),
          q(
            "Comunicar los resultados a la comunidad…",
            ["Es innecesario", "Da sentido al proyecto y lo proyecta", "Está prohibido"],
            1,
          ),
        ],
      ),
    ],
  },
  {
    titulo: "Movilidad sostenible y espacio público",
    theme: "urbano",
    dirigidoA: "comunidad",
    publicado: true,
    duracionHoras: 6,
    fechaInicio: "2026-05-04",
    fechaTermino: "2026-12-15",
    bienvenida: "Conoce cómo caminar, pedalear y usar el transporte público mejoran la vida en los barrios.",
    herramientas: ["Mapeo colaborativo", "Conteos de tránsito", "Encuestas vecinales"],
    loAprenderan: [
      "Diagnosticar la caminabilidad de tu barrio",
      "Proponer mejoras de espacio público",
      "Presentar propuestas al municipio",
    ],
    modulos: [
      mod(
        "Caminar la ciudad",
        "Veredas, cruces y accesibilidad universal.",
        [
          "Una vereda accesible tiene ancho suficiente y sin obstáculos.",
          "Los cruces seguros reducen siniestros.",
          "La accesibilidad universal beneficia a todas las personas.",
        ],
        [L.minvu, L.osm],
        [
          q(
            "La accesibilidad universal beneficia…",
            ["Solo a personas en silla de ruedas", "A todas las personas", "A nadie"],
            1,
          ),
          q(
            "¿Qué caracteriza a una vereda accesible?",
            ["Ancho suficiente y sin obstáculos", "Escalones frecuentes", "Autos estacionados"],
            0,
          ),
          q("Los cruces peatonales seguros…", ["Reducen siniestros", "Aumentan la velocidad", "No tienen efecto"], 0),
        ],
      ),
      mod(
        "Propuestas al municipio",
        "Cómo documentar un problema y presentar una propuesta.",
        [
          "Documenta con fotos, mapas y conteos.",
          "Propón soluciones concretas y de bajo costo.",
          "Usa los canales de participación ciudadana.",
        ],
        [L.chileatiende, L.osm],
        [],
      ),
    ],
  },
  {
    titulo: "Datos abiertos para entender tu comuna",
    theme: "urbano",
    dirigidoA: "estudiante",
    publicado: true,
    duracionHoras: 14,
    fechaInicio: "2026-04-06",
    fechaTermino: "2026-11-20",
    bienvenida:
      "Usa datos públicos para responder preguntas sobre tu comuna y comunicar tus hallazgos con gráficos claros.",
    herramientas: ["Planilla de cálculo", "Datos del INE", "Gráficos"],
    loAprenderan: ["Encontrar datos públicos confiables", "Limpiar y ordenar una tabla", "Elegir el gráfico adecuado"],
    modulos: [
      mod(
        "Buscar y leer datos",
        "Fuentes oficiales, formatos y metadatos.",
        [
          "Prefiere fuentes oficiales como el INE.",
          "Revisa la fecha y la unidad de medida.",
          "Los metadatos explican cómo se obtuvo el dato.",
        ],
        [L.ine],
        [
          q(
            "¿Qué fuente es oficial para estadísticas de población en Chile?",
            ["Un blog", "El Instituto Nacional de Estadísticas", "Un foro"],
            1,
          ),
          q(
            "Los metadatos describen…",
            ["Cómo y cuándo se obtuvo el dato", "El color del gráfico", "El nombre del autor del blog"],
            0,
          ),
          q(
            "Antes de comparar cifras hay que revisar…",
            ["La unidad de medida", "La tipografía", "El tamaño del archivo"],
            0,
          ),
        ],
      ),
      mod(
        "Gráficos que comunican",
        "Barras, líneas y mapas: cuándo usar cada uno.",
        [
          "Barras para comparar categorías.",
          "Líneas para mostrar cambios en el tiempo.",
          "Un buen título cuenta la conclusión.",
        ],
        [L.ine, L.wikipedia],
        [
          q(
            "Para mostrar la evolución de un dato en el tiempo conviene un gráfico de…",
            ["Líneas", "Torta", "Dispersión sin ejes"],
            0,
          ),
          q("Para comparar categorías conviene un gráfico de…", ["Barras", "Líneas", "Radar"], 0),
          q("Un buen título de gráfico…", ["Cuenta la conclusión principal", "Es siempre 'Gráfico 1'", "Se omite"], 0),
        ],
      ),
    ],
  },
  {
    titulo: "Reciclaje y economía circular en casa",
    theme: "sostenibilidad",
    dirigidoA: "general",
    publicado: true,
    duracionHoras: 5,
    fechaInicio: "2026-03-01",
    fechaTermino: "2026-12-31",
    bienvenida: "Reduce, reutiliza y recicla con información clara sobre los puntos limpios y la Ley REP.",
    herramientas: ["Separación en origen", "Mapa de puntos limpios", "Registro de residuos"],
    loAprenderan: ["Separar residuos correctamente", "Entender la Ley REP", "Reducir residuos en el hogar"],
    modulos: [
      mod(
        "Separar en origen",
        "Cómo separar residuos en el hogar y dónde llevarlos.",
        [
          "Limpia y seca los envases antes de reciclarlos.",
          "Separa por material: papel, vidrio, plásticos, latas.",
          "Consulta el punto limpio más cercano.",
        ],
        [L.mma],
        [
          q(
            "Antes de reciclar un envase conviene…",
            ["Limpiarlo y secarlo", "Llenarlo de agua", "Romperlo en pedazos pequeños"],
            0,
          ),
          q(
            "¿Qué significa separar en origen?",
            ["Separar los residuos donde se generan", "Enviar todo al vertedero", "Quemar los residuos"],
            0,
          ),
          q("La prioridad en la gestión de residuos es…", ["Reciclar", "Reducir", "Botar"], 1),
        ],
      ),
      mod(
        "Economía circular",
        "Qué es la economía circular y cómo se aplica la Ley REP en Chile.",
        [
          "La economía circular mantiene los materiales en uso.",
          "La Ley REP hace responsables a los productores.",
          "Reparar y reutilizar alarga la vida de los objetos.",
        ],
        [L.mma, L.onu],
        [
          q(
            "La Ley REP en Chile responsabiliza a…",
            ["Los productores de ciertos productos", "Solo a los municipios", "A nadie"],
            0,
          ),
          q(
            "La economía circular busca…",
            ["Mantener los materiales en uso", "Producir más desechos", "Usar y botar"],
            0,
          ),
          q("Reparar un objeto…", ["Alarga su vida útil", "Siempre es más caro", "Está prohibido"], 0),
        ],
      ),
    ],
  },
  {
    titulo: "Diseño de páginas web accesibles",
    theme: "tecnologia",
    dirigidoA: "estudiante",
    publicado: true,
    duracionHoras: 18,
    fechaInicio: "2026-04-13",
    fechaTermino: "2026-12-04",
    bienvenida: "Crea páginas web simples, rápidas y accesibles para todas las personas con HTML y CSS.",
    herramientas: ["HTML", "CSS", "Navegador con herramientas de desarrollo"],
    loAprenderan: [
      "Estructurar contenido con HTML semántico",
      "Dar estilo con CSS",
      "Aplicar criterios de accesibilidad",
    ],
    modulos: [
      mod(
        "HTML semántico",
        "Títulos, listas, enlaces e imágenes con texto alternativo.",
        [
          "Usa títulos en orden jerárquico.",
          "Toda imagen informativa necesita texto alternativo.",
          "Los enlaces deben describir su destino.",
        ],
        [L.mdn],
        [
          q("¿Qué atributo describe una imagen para lectores de pantalla?", ["alt", "src", "title-img"], 0),
          q("Un enlace con el texto 'clic aquí'…", ["Es poco descriptivo", "Es ideal", "Es obligatorio"], 0),
          q(
            "Los títulos de una página deben…",
            ["Seguir un orden jerárquico", "Usarse solo por su tamaño", "Evitarse"],
            0,
          ),
        ],
      ),
      mod(
        "CSS y diseño adaptable",
        "Colores con buen contraste y diseños que funcionan en celulares.",
        [
          "El contraste suficiente mejora la lectura.",
          "Diseña primero para pantallas pequeñas.",
          "Las unidades relativas se adaptan mejor.",
        ],
        [L.mdn],
        [
          q(
            "Diseñar 'primero para móviles' significa…",
            ["Partir por pantallas pequeñas", "Ignorar los celulares", "Usar solo imágenes"],
            0,
          ),
          q("Un buen contraste de color…", ["Mejora la legibilidad", "Es solo estético", "Cansa la vista"], 0),
          q("¿Qué unidad se adapta al tamaño de letra del usuario?", ["rem", "px fijo", "pt de impresión"], 0),
        ],
      ),
      mod(
        "Proyecto final",
        "Publica una página personal accesible y revísala con una lista de chequeo.",
        [
          "Revisa títulos, textos alternativos y contraste.",
          "Prueba la navegación solo con teclado.",
          "Pide retroalimentación a otra persona.",
        ],
        [L.mdn],
        [],
      ),
    ],
  },
  {
    titulo: "Barrios más seguros y convivencia",
    theme: "urbano",
    dirigidoA: "comunidad",
    publicado: true,
    duracionHoras: 6,
    fechaInicio: "2026-05-11",
    fechaTermino: "2026-12-11",
    bienvenida: "Herramientas para mejorar la convivencia vecinal y recuperar espacios públicos con participación.",
    herramientas: ["Mapas de percepción", "Asambleas vecinales", "Mediación comunitaria"],
    loAprenderan: [
      "Identificar puntos críticos del barrio",
      "Facilitar conversaciones difíciles",
      "Planificar una recuperación de espacio público",
    ],
    modulos: [
      mod(
        "Diagnóstico participativo",
        "Mapear con vecinas y vecinos los lugares seguros e inseguros.",
        [
          "La percepción de seguridad depende de la iluminación y el uso.",
          "Los espacios con actividad son más seguros.",
          "Todas las voces cuentan en el diagnóstico.",
        ],
        [L.osm, L.minvu],
        [
          q("Un espacio público con actividad constante suele ser…", ["Más seguro", "Más peligroso", "Igual"], 0),
          q(
            "En un diagnóstico participativo…",
            ["Todas las voces cuentan", "Solo opina la directiva", "No se pregunta a nadie"],
            0,
          ),
          q(
            "¿Qué mejora la percepción de seguridad de una plaza?",
            ["Buena iluminación y uso", "Rejas altas sin uso", "Cerrarla de noche siempre"],
            0,
          ),
        ],
      ),
      mod(
        "Convivencia y mediación",
        "Resolver conflictos entre vecinos con diálogo.",
        [
          "Escucha activa antes de proponer.",
          "Separa a las personas del problema.",
          "Busca acuerdos concretos y verificables.",
        ],
        [L.chileatiende],
        [],
      ),
    ],
  },
  {
    titulo: "Energías renovables para todos",
    theme: "sostenibilidad",
    dirigidoA: "general",
    publicado: true,
    duracionHoras: 9,
    fechaInicio: "2026-04-20",
    fechaTermino: "2026-12-18",
    bienvenida: "Entiende cómo funcionan la energía solar, eólica e hidroeléctrica y cómo ahorrar energía en casa.",
    herramientas: ["Boleta de electricidad", "Calculadora de consumo", "Mapa solar"],
    loAprenderan: ["Diferenciar fuentes de energía", "Leer tu boleta de electricidad", "Ahorrar energía en el hogar"],
    modulos: [
      mod(
        "Fuentes de energía",
        "Renovables y no renovables: ventajas y desafíos.",
        [
          "El sol y el viento son fuentes renovables.",
          "Chile tiene gran potencial solar en el norte.",
          "La eficiencia es la energía más barata.",
        ],
        [L.onu, L.mma],
        [
          q("¿Cuál es una fuente renovable?", ["El carbón", "El sol", "El petróleo"], 1),
          q(
            "La energía más barata es…",
            ["La que no se consume gracias a la eficiencia", "La nuclear", "La del diésel"],
            0,
          ),
          q(
            "El norte de Chile destaca por su potencial…",
            ["Solar", "Geotérmico submarino", "Mareomotriz en el desierto"],
            0,
          ),
        ],
      ),
      mod(
        "Ahorro en casa",
        "Hábitos y equipos eficientes.",
        [
          "Las ampolletas LED consumen mucho menos.",
          "El consumo fantasma existe: desenchufa.",
          "La etiqueta de eficiencia orienta la compra.",
        ],
        [L.mma],
        [
          q("¿Qué ampolleta consume menos energía?", ["Incandescente", "LED", "Halógena"], 1),
          q(
            "El 'consumo fantasma' es…",
            ["El de aparatos enchufados en espera", "Un mito", "El del alumbrado público"],
            0,
          ),
          q(
            "La etiqueta de eficiencia energética sirve para…",
            ["Comparar consumo entre equipos", "Decorar", "Nada"],
            0,
          ),
        ],
      ),
    ],
  },
  {
    titulo: "Pensamiento computacional sin computador",
    theme: "tecnologia",
    dirigidoA: "docente",
    publicado: true,
    duracionHoras: 10,
    fechaInicio: "2026-03-30",
    fechaTermino: "2026-11-13",
    bienvenida: "Actividades desenchufadas para enseñar algoritmos, patrones y abstracción en cualquier sala.",
    herramientas: ["Tarjetas imprimibles", "Juegos de mesa", "Scratch (opcional)"],
    loAprenderan: [
      "Enseñar algoritmos con actividades físicas",
      "Reconocer patrones",
      "Evaluar el pensamiento computacional",
    ],
    modulos: [
      mod(
        "Algoritmos desenchufados",
        "Secuencias de instrucciones con juegos y movimiento.",
        [
          "Un algoritmo es una secuencia precisa de pasos.",
          "Las actividades físicas hacen visible la lógica.",
          "Depurar es encontrar y corregir errores.",
        ],
        [L.scratch, L.curriculum],
        [
          q(
            "Un algoritmo es…",
            ["Una secuencia precisa de pasos", "Un tipo de computador", "Un lenguaje de programación"],
            0,
          ),
          q("Depurar significa…", ["Encontrar y corregir errores", "Borrar el programa", "Imprimir"], 0),
          q(
            "¿Se puede enseñar pensamiento computacional sin computador?",
            ["Sí, con actividades desenchufadas", "No, nunca", "Solo en la universidad"],
            0,
          ),
        ],
      ),
      mod(
        "Patrones y abstracción",
        "Reconocer regularidades y quedarse con lo esencial.",
        [
          "Reconocer patrones permite reutilizar soluciones.",
          "Abstraer es quitar detalles innecesarios.",
          "Descomponer divide un problema grande en partes.",
        ],
        [L.scratch],
        [
          q("Abstraer es…", ["Quitar los detalles innecesarios", "Agregar más detalles", "Copiar una solución"], 0),
          q("Descomponer un problema es…", ["Dividirlo en partes más pequeñas", "Ignorarlo", "Resolverlo al azar"], 0),
          q("Reconocer patrones ayuda a…", ["Reutilizar soluciones", "Complicar el problema", "Nada"], 0),
        ],
      ),
    ],
  },
  {
    titulo: "Trámites digitales sin complicaciones",
    theme: "urbano",
    dirigidoA: "comunidad",
    publicado: false,
    duracionHoras: 4,
    fechaInicio: "2026-06-01",
    fechaTermino: "2026-12-31",
    bienvenida: "Obtén tu ClaveÚnica y realiza trámites en línea de forma segura.",
    herramientas: ["ClaveÚnica", "ChileAtiende", "Correo electrónico"],
    loAprenderan: ["Obtener y proteger tu ClaveÚnica", "Realizar trámites frecuentes", "Evitar sitios falsos"],
    modulos: [
      mod(
        "ClaveÚnica",
        "Qué es, cómo obtenerla y cómo protegerla.",
        [
          "La ClaveÚnica es personal e intransferible.",
          "Ingresa siempre desde sitios oficiales.",
          "Nunca la compartas por teléfono.",
        ],
        [L.chileatiende],
        [
          q("La ClaveÚnica se puede compartir…", ["Nunca", "Con familiares", "Por teléfono si lo piden"], 0),
          q(
            "Para hacer trámites hay que ingresar…",
            ["Desde sitios oficiales", "Desde cualquier enlace recibido", "Desde redes sociales"],
            0,
          ),
          q("Si sospechas que alguien conoce tu clave debes…", ["Cambiarla de inmediato", "Esperar", "Publicarla"], 0),
        ],
      ),
    ],
  },
  {
    titulo: "Robótica educativa con materiales reciclados",
    theme: "tecnologia",
    dirigidoA: "estudiante",
    publicado: false,
    duracionHoras: 15,
    fechaInicio: "2026-08-03",
    fechaTermino: "2026-12-11",
    bienvenida: "Construye robots sencillos con materiales reciclados y aprende principios de mecánica y electricidad.",
    herramientas: ["Motores pequeños", "Pilas", "Cartón y tapas recicladas"],
    loAprenderan: ["Armar circuitos simples", "Diseñar mecanismos", "Trabajar en equipo"],
    modulos: [
      mod(
        "Circuitos simples",
        "Pilas, motores e interruptores con seguridad.",
        [
          "Un circuito cerrado permite el paso de corriente.",
          "Nunca conectes los polos de una pila directamente.",
          "Un interruptor abre o cierra el circuito.",
        ],
        [L.wikipedia],
        [],
      ),
      mod(
        "Mecanismos",
        "Ruedas, ejes y engranajes con materiales reciclados.",
        ["Los engranajes transmiten movimiento.", "Las ruedas reducen el roce.", "Prueba, ajusta y vuelve a probar."],
        [L.wikipedia],
        [],
      ),
    ],
  },
  {
    titulo: "Liderazgo escolar para la transformación digital",
    theme: "urbano",
    dirigidoA: "docente",
    publicado: false,
    duracionHoras: 12,
    fechaInicio: "2026-07-06",
    fechaTermino: "2026-12-18",
    bienvenida: "Planifica la incorporación de tecnología en tu establecimiento con foco en el aprendizaje.",
    herramientas: ["Plan de mejoramiento", "Diagnóstico institucional", "Indicadores"],
    loAprenderan: ["Diagnosticar el uso de tecnología", "Definir metas realistas", "Acompañar a los equipos docentes"],
    modulos: [
      mod(
        "Diagnóstico institucional",
        "Dónde estamos y hacia dónde vamos.",
        [
          "Diagnostica antes de comprar equipos.",
          "Involucra a docentes, estudiantes y familias.",
          "Define pocos indicadores medibles.",
        ],
        [L.mineduc],
        [],
      ),
    ],
  },
];

export type BookSeed = { title: string; author: string; description: string; sections: PdfSection[] };

const chapter = (heading: string, ...paragraphs: string[]): PdfSection => ({ heading, paragraphs });

export const BOOKS: BookSeed[] = [
  {
    title: "Educación ambiental para el siglo XXI",
    author: "Marcela Riquelme Ortiz",
    description: "Fundamentos y experiencias de educación ambiental en escuelas del sur de Chile.",
    sections: [
      chapter(
        "Capítulo 1: Por qué educar para la sustentabilidad",
        "La crisis climática exige ciudadanos capaces de comprender sistemas complejos y actuar en su entorno.",
        "La escuela es un espacio privilegiado para practicar el cuidado del medio ambiente.",
      ),
      chapter(
        "Capítulo 2: Experiencias en Los Lagos",
        "Huertos escolares, monitoreo de ríos y campañas de reciclaje muestran que el aprendizaje situado funciona.",
      ),
      chapter(
        "Capítulo 3: Evaluar proyectos ambientales",
        "Las rúbricas compartidas con los estudiantes hacen visibles los criterios de calidad.",
      ),
    ],
  },
  {
    title: "Programación para principiantes",
    author: "Joaquín Alarcón Vidal",
    description: "Una introducción amable a la programación con ejemplos cotidianos.",
    sections: [
      chapter(
        "Capítulo 1: Pensar como programador",
        "Programar es describir con precisión los pasos para resolver un problema.",
      ),
      chapter(
        "Capítulo 2: Datos y decisiones",
        "Las variables guardan información; las condiciones permiten que el programa decida.",
      ),
      chapter("Capítulo 3: Repetir sin aburrirse", "Los ciclos automatizan tareas repetitivas y ahorran tiempo."),
    ],
  },
  {
    title: "Ciudades caminables: guía para comunidades",
    author: "Colectivo Barrio Vivo",
    description: "Cómo diagnosticar y mejorar la caminabilidad de los barrios con participación vecinal.",
    sections: [
      chapter("Capítulo 1: La ciudad a pie", "Una ciudad caminable es más sana, más segura y más justa."),
      chapter(
        "Capítulo 2: Herramientas de diagnóstico",
        "Recorridos guiados, mapas de percepción y conteos simples permiten documentar problemas.",
      ),
    ],
  },
  {
    title: "Compostaje doméstico paso a paso",
    author: "Rosa Paillalef Huenchumán",
    description: "Manual práctico para transformar residuos orgánicos en abono.",
    sections: [
      chapter("Capítulo 1: Materiales", "Necesitas un contenedor con ventilación, residuos verdes y residuos secos."),
      chapter("Capítulo 2: Mantención", "Voltear y mantener la humedad adecuada evita malos olores."),
      chapter("Capítulo 3: Cosecha", "El compost está listo cuando tiene olor a tierra de bosque."),
    ],
  },
  {
    title: "Ciberseguridad en familia",
    author: "Pablo Sepúlveda Rojas",
    description: "Consejos prácticos para proteger a niñas, niños y adultos mayores en internet.",
    sections: [
      chapter(
        "Capítulo 1: Conversar antes que prohibir",
        "El diálogo abierto es la mejor protección frente a los riesgos en línea.",
      ),
      chapter(
        "Capítulo 2: Configuraciones básicas",
        "Actualizaciones, contraseñas robustas y privacidad en redes sociales.",
      ),
    ],
  },
  {
    title: "Energía solar en el hogar",
    author: "Andrea Muñoz Castillo",
    description: "Conceptos básicos para evaluar la instalación de paneles solares en viviendas.",
    sections: [
      chapter(
        "Capítulo 1: Cómo funciona un panel",
        "Las celdas fotovoltaicas transforman la luz del sol en electricidad.",
      ),
      chapter(
        "Capítulo 2: Generación distribuida en Chile",
        "La ley permite inyectar excedentes a la red y descontarlos de la boleta.",
      ),
    ],
  },
  {
    title: "Datos abiertos y participación ciudadana",
    author: "Felipe Contreras Lagos",
    description: "Usar datos públicos para entender y mejorar nuestras comunas.",
    sections: [
      chapter(
        "Capítulo 1: Qué son los datos abiertos",
        "Datos publicados para que cualquiera los use, reutilice y redistribuya.",
      ),
      chapter(
        "Capítulo 2: De los datos a la propuesta",
        "Un buen gráfico y una pregunta clara pueden cambiar una decisión municipal.",
      ),
    ],
  },
  {
    title: "Metodologías activas en el aula",
    author: "Carolina Vergara Soto",
    description: "Aprendizaje basado en proyectos, aula invertida y trabajo colaborativo.",
    sections: [
      chapter(
        "Capítulo 1: El estudiante en el centro",
        "Las metodologías activas ponen a los estudiantes a resolver problemas reales.",
      ),
      chapter(
        "Capítulo 2: Aula invertida",
        "El contenido se revisa antes de la clase; el tiempo en sala se dedica a practicar.",
      ),
      chapter(
        "Capítulo 3: Evaluar el trabajo en equipo",
        "La coevaluación y la autoevaluación complementan la mirada docente.",
      ),
    ],
  },
];

export const PARTICIPANT_NAMES: Array<[string, string]> = [
  ["Sofía", "González"],
  ["Benjamín", "Muñoz"],
  ["Isidora", "Rojas"],
  ["Vicente", "Díaz"],
  ["Agustina", "Pérez"],
  ["Martín", "Soto"],
  ["Florencia", "Contreras"],
  ["Joaquín", "Silva"],
  ["Emilia", "Martínez"],
  ["Tomás", "Sepúlveda"],
  ["Antonella", "Morales"],
  ["Lucas", "Rodríguez"],
  ["Josefa", "López"],
  ["Maximiliano", "Fuentes"],
  ["Catalina", "Hernández"],
  ["Agustín", "Torres"],
  ["Trinidad", "Araya"],
  ["Cristóbal", "Flores"],
  ["Javiera", "Espinoza"],
  ["Diego", "Valenzuela"],
  ["Amanda", "Castillo"],
  ["Gaspar", "Tapia"],
  ["Maite", "Reyes"],
  ["Felipe", "Gutiérrez"],
  ["Constanza", "Castro"],
  ["Ignacio", "Pizarro"],
  ["Valentina", "Álvarez"],
  ["Matías", "Vásquez"],
  ["Renata", "Sánchez"],
  ["Bastián", "Fernández"],
  ["Francisca", "Ramírez"],
  ["Sebastián", "Carrasco"],
  ["Magdalena", "Gallardo"],
  ["Nicolás", "Cortés"],
  ["Julieta", "Herrera"],
  ["Alonso", "Núñez"],
  ["Rafaela", "Jara"],
  ["Damián", "Vergara"],
  ["Colomba", "Oyarzún"],
  ["Facundo", "Paillalef"],
];
