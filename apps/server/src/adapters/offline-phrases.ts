import type { ContentTone, LanguageCode } from "@smm/domain/brands";
import type { PostKind } from "./offline-brief";
import { toSentence } from "./offline-text";

/*
 * The offline writer's phrase tables, one per language it writes. Every sentence stands on its own, so no
 * user or profile text is bent to fit it; "{b}" is the brand's name.
 */

/** A kind of post written from the profile: an opening line, the body, and the kind's own call to action. */
export interface KindLines {
  lead: string;
  body: string;
  close?: string;
}

export interface Phrases {
  /** Opening lines by tone; standalone sentences, so no user text is bent to fit them. */
  hooks: Record<ContentTone, readonly string[]>;
  /** The topic as a headline: alone (first letter raised) or after a colon, as the user wrote it. */
  headlines: readonly ((topic: string, brand: string) => string)[];
  /** The audience named once; `lowerFirst` is applied for languages that lowercase common nouns. */
  audience: readonly ((audience: string) => string)[];
  signOff: (brand: string) => string;
  cta: Record<"facebook" | "instagram", readonly string[]>;
  /** The headline when the user gave no brief. */
  defaultHeadline: (brand: string) => string;
  /** German capitalises nouns: an audience keeps its first capital mid-sentence. */
  keepsNounCapitals?: boolean;
  /** Closing questions, for a brief that asks the post to end with one. */
  questions: readonly string[];
  /** The question that closes a list of tips, inviting readers to add their own. */
  shareQuestion: string;
  /** The question an engagement post asks. */
  askQuestion: string;
  tipsIntro: (count: number, brand: string) => string;
  /** Practical tips that hold for any business; one sentence each. */
  tips: readonly string[];
  kinds: Record<Exclude<PostKind, "tips">, KindLines>;
}

export const english: Phrases = {
  hooks: {
    professional: [
      "Here is what matters this week.",
      "A quick update worth your time.",
      "Quality is in the details.",
    ],
    casual: ["You're going to like this one.", "Quick one for you.", "Guess what we've been up to?"],
    friendly: ["Hello, friends!", "We've got something lovely to share.", "Happy to see you here!"],
    humorous: [
      "Warning: may cause sudden happiness.",
      "Plot twist: it gets better.",
      "Not to brag, but we're excited.",
    ],
    authoritative: [
      "The facts are clear.",
      "Here is what the experts know.",
      "Set the standard, don't follow it.",
    ],
  },
  headlines: [
    (topic) => toSentence(topic),
    (topic, brand) => toSentence(`New at ${brand}: ${topic}`),
    (topic) => toSentence(`On our minds this week: ${topic}`),
  ],
  audience: [
    (audience) => `Perfect for ${audience}.`,
    (audience) => `Made for ${audience}.`,
    (audience) => `Just right for ${audience}.`,
  ],
  signOff: (brand) => `— The ${brand} team`,
  cta: {
    facebook: [
      "Tell us what you think in the comments.",
      "Share this with someone who needs it.",
      "Visit our page to learn more.",
    ],
    instagram: ["Double tap if you agree.", "Save this for later.", "Tag a friend who'd love this."],
  },
  defaultHeadline: (brand) => `Why people choose ${brand}.`,
  questions: ["What do you think?", "What would you like to see from us next?", "What's your take?"],
  shareQuestion: "Which tip would you add?",
  askQuestion: "What do you love most about {b}?",
  tipsIntro: (count, brand) => `${count} practical tips from ${brand}:`,
  tips: [
    "Start small: one change you keep beats a big plan you drop.",
    "Ask questions: at {b} we are always happy to explain the how and the why.",
    "Choose quality over quantity: it lasts longer and you can tell.",
    "Make it a routine: the same moment every week makes it easy to stick to.",
    "Share what works: tell a friend and compare notes.",
  ],
  kinds: {
    beforeAfter: {
      lead: "Before and after: see the difference {b} makes.",
      body: "Where it started, what we did and how it turned out, side by side.",
      close: "Want the same result? Send us a message and we'll get started.",
    },
    behindScenes: {
      lead: "A look behind the scenes at {b}.",
      body: "This is where the work happens, with the people who care about every detail.",
    },
    milestone: {
      lead: "We've reached a milestone at {b}!",
      body: "Thank you for being part of it: none of this happens without you, and there's more to come.",
    },
    testimonial: {
      lead: "Nothing beats hearing it from our customers.",
      body: "Thank you to everyone who takes the time to tell us about their experience with {b}.",
    },
    event: {
      lead: "You're invited: join {b} for something special.",
      body: "Come along, meet the team and spend a good moment with us.",
      close: "Reserve your place by sending us a message.",
    },
    faq: {
      lead: "A question we hear a lot: how do I get started with {b}?",
      body: "Simple: send us a message and we'll find what suits you best.",
      close: "Got more questions? Ask us in the comments.",
    },
    team: {
      lead: "Meet the people behind {b}.",
      body: "They bring the care and the know-how that go into everything we do.",
    },
    offer: {
      lead: "For a limited time only at {b}.",
      body: "It won't last long, so don't wait.",
      close: "Send us a message to claim it before it ends.",
    },
    greeting: {
      lead: "Warm wishes for the season from all of us at {b}.",
      body: "Thank you for being with us; may it bring you rest and good moments.",
    },
    launch: {
      lead: "Something new is here at {b}.",
      body: "Made to make your day a little easier.",
      close: "Ask us about it today.",
    },
    question: { lead: "We have a question for you.", body: "" },
  },
};

const spanish: Phrases = {
  hooks: {
    professional: ["Esto es lo importante esta semana.", "Una novedad que merece su tiempo."],
    casual: ["Esto te va a gustar.", "¿Adivina en qué hemos estado?"],
    friendly: ["¡Hola, amigos!", "Tenemos algo bonito que compartir."],
    humorous: ["Aviso: puede causar felicidad repentina.", "Giro inesperado: mejora aún más."],
    authoritative: ["Los datos son claros.", "Marque el estándar, no lo siga."],
  },
  headlines: [(topic) => toSentence(topic), (topic, brand) => toSentence(`Novedad en ${brand}: ${topic}`)],
  audience: [(audience) => `Pensado para ${audience}.`, (audience) => `Hecho para ${audience}.`],
  signOff: (brand) => `— El equipo de ${brand}`,
  cta: {
    facebook: ["Cuéntanos qué opinas en los comentarios.", "Compártelo con quien lo necesite."],
    instagram: ["Doble toque si estás de acuerdo.", "Guárdalo para después."],
  },
  defaultHeadline: (brand) => `Por qué la gente elige ${brand}.`,
  questions: ["¿Qué opinas?", "¿Qué te gustaría ver de nosotros la próxima vez?", "¿Tú qué dices?"],
  shareQuestion: "¿Qué consejo añadirías tú?",
  askQuestion: "¿Qué es lo que más te gusta de {b}?",
  tipsIntro: (count, brand) => `${count} consejos prácticos de ${brand}:`,
  tips: [
    "Empieza poco a poco: un cambio que mantienes vale más que un gran plan que abandonas.",
    "Pregunta sin miedo: en {b} siempre te explicamos el cómo y el porqué.",
    "Elige calidad antes que cantidad: dura más y se nota.",
    "Conviértelo en rutina: el mismo momento cada semana lo hace fácil.",
    "Comparte lo que funciona: cuéntaselo a un amigo y comparad.",
  ],
  kinds: {
    beforeAfter: {
      lead: "Antes y después: mira la diferencia que marca {b}.",
      body: "Cómo empezó, qué hicimos y cómo quedó, uno al lado del otro.",
      close: "¿Quieres el mismo resultado? Escríbenos y empezamos.",
    },
    behindScenes: {
      lead: "Un vistazo entre bastidores en {b}.",
      body: "Aquí es donde se hace el trabajo, con la gente que cuida cada detalle.",
    },
    milestone: {
      lead: "¡Hemos alcanzado un hito en {b}!",
      body: "Gracias por formar parte de ello: sin vosotros no sería posible, y aún queda mucho por venir.",
    },
    testimonial: {
      lead: "Nada como oírlo de nuestros clientes.",
      body: "Gracias a todos los que nos cuentan su experiencia con {b}.",
    },
    event: {
      lead: "Estás invitado: únete a {b} para algo especial.",
      body: "Ven, conoce al equipo y pasa un buen rato con nosotros.",
      close: "Reserva tu plaza enviándonos un mensaje.",
    },
    faq: {
      lead: "Una pregunta que oímos mucho: ¿cómo empiezo con {b}?",
      body: "Muy fácil: escríbenos y encontraremos lo que mejor te encaja.",
      close: "¿Tienes más preguntas? Déjalas en los comentarios.",
    },
    team: {
      lead: "Te presentamos a las personas detrás de {b}.",
      body: "Ponen el cuidado y el oficio que se notan en todo lo que hacemos.",
    },
    offer: {
      lead: "Solo por tiempo limitado en {b}.",
      body: "No durará mucho, así que no esperes.",
      close: "Escríbenos para conseguirlo antes de que termine.",
    },
    greeting: {
      lead: "Nuestros mejores deseos para esta temporada de parte de todo el equipo de {b}.",
      body: "Gracias por estar ahí; que os traiga descanso y buenos momentos.",
    },
    launch: {
      lead: "Hay algo nuevo en {b}.",
      body: "Pensado para hacerte el día un poco más fácil.",
      close: "Pregúntanos por ello hoy mismo.",
    },
    question: { lead: "Tenemos una pregunta para ti.", body: "" },
  },
};

const french: Phrases = {
  hooks: {
    professional: ["Voici ce qui compte cette semaine.", "Une nouveauté qui mérite votre attention."],
    casual: ["Ça va vous plaire.", "Devinez ce qu'on prépare ?"],
    friendly: ["Bonjour à tous !", "On a quelque chose de beau à partager."],
    humorous: ["Attention : peut provoquer un bonheur soudain.", "Rebondissement : c'est encore mieux."],
    authoritative: ["Les faits sont clairs.", "Fixez la norme, ne la suivez pas."],
  },
  headlines: [(topic) => toSentence(topic), (topic, brand) => toSentence(`Nouveau chez ${brand} : ${topic}`)],
  audience: [(audience) => `Pensé pour ${audience}.`, (audience) => `Conçu pour ${audience}.`],
  signOff: (brand) => `— L'équipe ${brand}`,
  cta: {
    facebook: [
      "Dites-nous ce que vous en pensez en commentaire.",
      "Partagez-le avec quelqu'un qui en a besoin.",
    ],
    instagram: ["Double-tapez si vous êtes d'accord.", "Enregistrez-le pour plus tard."],
  },
  defaultHeadline: (brand) => `Pourquoi choisir ${brand}.`,
  questions: [
    "Qu'en pensez-vous ?",
    "Qu'aimeriez-vous voir de notre part la prochaine fois ?",
    "Et vous, vous en dites quoi ?",
  ],
  shareQuestion: "Et vous, quel conseil ajouteriez-vous ?",
  askQuestion: "Qu'est-ce que vous aimez le plus chez {b} ?",
  tipsIntro: (count, brand) => `${count} conseils pratiques de ${brand} :`,
  tips: [
    "Commencez petit : un changement que l'on garde vaut mieux qu'un grand plan abandonné.",
    "Posez vos questions : chez {b}, on explique toujours le comment et le pourquoi.",
    "Misez sur la qualité plutôt que la quantité : elle dure plus longtemps.",
    "Faites-en une routine : le même moment chaque semaine, c'est plus facile.",
    "Partagez ce qui marche : parlez-en à un ami et comparez.",
  ],
  kinds: {
    beforeAfter: {
      lead: "Avant et après : voyez la différence que fait {b}.",
      body: "D'où l'on est parti, ce que l'on a fait et le résultat, côte à côte.",
      close: "Envie du même résultat ? Écrivez-nous et on s'y met.",
    },
    behindScenes: {
      lead: "Les coulisses de {b}.",
      body: "C'est ici que le travail se fait, avec des gens attentifs à chaque détail.",
    },
    milestone: {
      lead: "Une étape importante pour {b} !",
      body: "Merci d'en faire partie : rien de tout cela ne serait possible sans vous, et la suite arrive.",
    },
    testimonial: {
      lead: "Rien ne vaut les mots de nos clients.",
      body: "Merci à toutes celles et ceux qui nous racontent leur expérience avec {b}.",
    },
    event: {
      lead: "Vous êtes invités : rejoignez {b} pour un moment spécial.",
      body: "Venez rencontrer l'équipe et passer un bon moment avec nous.",
      close: "Réservez votre place en nous envoyant un message.",
    },
    faq: {
      lead: "Une question qu'on nous pose souvent : comment bien démarrer avec {b} ?",
      body: "C'est simple : écrivez-nous et on trouvera ce qui vous convient le mieux.",
      close: "D'autres questions ? Posez-les en commentaire.",
    },
    team: {
      lead: "Voici les personnes derrière {b}.",
      body: "Elles apportent le soin et le savoir-faire qui se retrouvent dans tout ce que nous faisons.",
    },
    offer: {
      lead: "Pour une durée limitée chez {b}.",
      body: "Ça ne durera pas, alors n'attendez pas.",
      close: "Écrivez-nous pour en profiter avant la fin.",
    },
    greeting: {
      lead: "Toute l'équipe de {b} vous souhaite une belle saison.",
      body: "Merci d'être là ; qu'elle vous apporte repos et beaux moments.",
    },
    launch: {
      lead: "Du nouveau chez {b}.",
      body: "Pensé pour vous simplifier un peu la vie.",
      close: "Demandez-nous dès aujourd'hui.",
    },
    question: { lead: "On a une question pour vous.", body: "" },
  },
};

const german: Phrases = {
  hooks: {
    professional: ["Das zählt diese Woche.", "Ein Update, das sich lohnt."],
    casual: ["Das wird euch gefallen.", "Ratet mal, woran wir arbeiten?"],
    friendly: ["Hallo ihr Lieben!", "Wir haben etwas Schönes für euch."],
    humorous: ["Achtung: kann plötzliche Freude auslösen.", "Plottwist: Es wird noch besser."],
    authoritative: ["Die Fakten sind eindeutig.", "Setzen Sie den Standard, statt ihm zu folgen."],
  },
  headlines: [(topic) => toSentence(topic), (topic, brand) => toSentence(`Neu bei ${brand}: ${topic}`)],
  audience: [(audience) => `Gemacht für ${audience}.`, (audience) => `Ideal für ${audience}.`],
  signOff: (brand) => `— Euer Team von ${brand}`,
  cta: {
    facebook: ["Sagt uns eure Meinung in den Kommentaren.", "Teilt das mit jemandem, der es braucht."],
    instagram: ["Doppeltippen, wenn ihr zustimmt.", "Speichert euch das für später."],
  },
  defaultHeadline: (brand) => `Darum ${brand}.`,
  keepsNounCapitals: true,
  questions: ["Was meint ihr?", "Was möchtet ihr als Nächstes von uns sehen?", "Wie seht ihr das?"],
  shareQuestion: "Welchen Tipp würdet ihr ergänzen?",
  askQuestion: "Was mögt ihr an {b} am meisten?",
  tipsIntro: (count, brand) => `${count} praktische Tipps von ${brand}:`,
  tips: [
    "Fangt klein an: Eine Änderung, die bleibt, schlägt jeden großen Plan.",
    "Fragt nach: Bei {b} erklären wir gern das Wie und Warum.",
    "Qualität vor Menge: Sie hält länger, und man merkt es.",
    "Macht eine Routine daraus: Jede Woche zur gleichen Zeit fällt es leichter.",
    "Teilt, was funktioniert: Erzählt es Freunden und vergleicht.",
  ],
  kinds: {
    beforeAfter: {
      lead: "Vorher und nachher: Seht selbst, was {b} bewirkt.",
      body: "Wie es anfing, was wir gemacht haben und wie es geworden ist, direkt nebeneinander.",
      close: "Ihr wollt dasselbe Ergebnis? Schreibt uns, und wir legen los.",
    },
    behindScenes: {
      lead: "Ein Blick hinter die Kulissen bei {b}.",
      body: "Hier entsteht die Arbeit, mit Menschen, denen jedes Detail wichtig ist.",
    },
    milestone: {
      lead: "Ein Meilenstein für {b}!",
      body: "Danke, dass ihr dabei seid: Ohne euch wäre das nicht möglich, und es geht weiter.",
    },
    testimonial: {
      lead: "Am besten sagen es unsere Kundinnen und Kunden.",
      body: "Danke an alle, die uns von ihren Erfahrungen mit {b} erzählen.",
    },
    event: {
      lead: "Ihr seid eingeladen: Feiert mit {b} etwas Besonderes.",
      body: "Kommt vorbei, lernt das Team kennen und verbringt eine schöne Zeit mit uns.",
      close: "Reserviert euren Platz mit einer kurzen Nachricht an uns.",
    },
    faq: {
      lead: "Eine Frage, die wir oft hören: Wie fange ich mit {b} an?",
      body: "Ganz einfach: Schreibt uns, und wir finden, was am besten zu euch passt.",
      close: "Noch Fragen? Stellt sie in den Kommentaren.",
    },
    team: {
      lead: "Das sind die Menschen hinter {b}.",
      body: "Sie bringen die Sorgfalt und das Können mit, die in allem stecken, was wir tun.",
    },
    offer: {
      lead: "Nur für kurze Zeit bei {b}.",
      body: "Es hält nicht lange, also wartet nicht.",
      close: "Schreibt uns, um es euch zu sichern, bevor es endet.",
    },
    greeting: {
      lead: "Herzliche Grüße zur Saison vom ganzen Team von {b}.",
      body: "Danke, dass ihr da seid; wir wünschen euch Ruhe und schöne Momente.",
    },
    launch: {
      lead: "Es gibt etwas Neues bei {b}.",
      body: "Gemacht, um euren Tag ein bisschen leichter zu machen.",
      close: "Fragt uns noch heute danach.",
    },
    question: { lead: "Wir haben eine Frage an euch.", body: "" },
  },
};

const italian: Phrases = {
  hooks: {
    professional: ["Ecco cosa conta questa settimana.", "Un aggiornamento che vale il tuo tempo."],
    casual: ["Questa vi piacerà.", "Indovina a cosa stiamo lavorando?"],
    friendly: ["Ciao a tutti!", "Abbiamo qualcosa di bello da condividere."],
    humorous: ["Attenzione: può causare felicità improvvisa.", "Colpo di scena: migliora ancora."],
    authoritative: ["I fatti sono chiari.", "Stabilisci lo standard, non seguirlo."],
  },
  headlines: [(topic) => toSentence(topic), (topic, brand) => toSentence(`Novità da ${brand}: ${topic}`)],
  audience: [(audience) => `Pensato per ${audience}.`, (audience) => `Creato per ${audience}.`],
  signOff: (brand) => `— Il team di ${brand}`,
  cta: {
    facebook: ["Dicci cosa ne pensi nei commenti.", "Condividilo con chi ne ha bisogno."],
    instagram: ["Doppio tap se sei d'accordo.", "Salvalo per dopo."],
  },
  defaultHeadline: (brand) => `Perché scegliere ${brand}.`,
  questions: [
    "Voi cosa ne pensate?",
    "Cosa vi piacerebbe vedere da noi la prossima volta?",
    "E tu, cosa ne dici?",
  ],
  shareQuestion: "Quale consiglio aggiungeresti tu?",
  askQuestion: "Cosa ti piace di più di {b}?",
  tipsIntro: (count, brand) => `${count} consigli pratici da ${brand}:`,
  tips: [
    "Inizia in piccolo: un cambiamento che mantieni vale più di un grande piano abbandonato.",
    "Fai domande: da {b} ti spieghiamo sempre il come e il perché.",
    "Scegli la qualità prima della quantità: dura di più e si vede.",
    "Rendilo un'abitudine: lo stesso momento ogni settimana lo rende facile.",
    "Condividi ciò che funziona: raccontalo a un amico e confrontatevi.",
  ],
  kinds: {
    beforeAfter: {
      lead: "Prima e dopo: guarda la differenza che fa {b}.",
      body: "Com'era, cosa abbiamo fatto e com'è venuto, fianco a fianco.",
      close: "Vuoi lo stesso risultato? Scrivici e iniziamo.",
    },
    behindScenes: {
      lead: "Uno sguardo dietro le quinte di {b}.",
      body: "È qui che nasce il lavoro, con persone attente a ogni dettaglio.",
    },
    milestone: {
      lead: "Un traguardo importante per {b}!",
      body: "Grazie per farne parte: senza di voi non sarebbe possibile, e il meglio deve ancora venire.",
    },
    testimonial: {
      lead: "Niente vale quanto le parole dei nostri clienti.",
      body: "Grazie a tutti quelli che ci raccontano la loro esperienza con {b}.",
    },
    event: {
      lead: "Sei invitato: unisciti a {b} per qualcosa di speciale.",
      body: "Vieni a conoscere il team e a passare un bel momento con noi.",
      close: "Prenota il tuo posto mandandoci un messaggio.",
    },
    faq: {
      lead: "Una domanda che sentiamo spesso: come si inizia con {b}?",
      body: "Semplice: scrivici e troveremo ciò che fa per te.",
      close: "Altre domande? Lasciale nei commenti.",
    },
    team: {
      lead: "Ecco le persone dietro {b}.",
      body: "Portano la cura e l'esperienza che si ritrovano in tutto ciò che facciamo.",
    },
    offer: {
      lead: "Solo per poco tempo da {b}.",
      body: "Non durerà a lungo, quindi non aspettare.",
      close: "Scrivici per approfittarne prima che finisca.",
    },
    greeting: {
      lead: "I migliori auguri di stagione da tutto il team di {b}.",
      body: "Grazie di esserci; che vi porti riposo e bei momenti.",
    },
    launch: {
      lead: "C'è qualcosa di nuovo da {b}.",
      body: "Pensato per renderti la giornata un po' più semplice.",
      close: "Chiedici informazioni oggi stesso.",
    },
    question: { lead: "Abbiamo una domanda per te.", body: "" },
  },
};

const portuguese: Phrases = {
  hooks: {
    professional: ["Isto é o que importa esta semana.", "Uma novidade que vale o seu tempo."],
    casual: ["Vai gostar disto.", "Adivinha no que estamos a trabalhar?"],
    friendly: ["Olá, amigos!", "Temos algo lindo para partilhar."],
    humorous: ["Aviso: pode causar felicidade repentina.", "Reviravolta: fica ainda melhor."],
    authoritative: ["Os factos são claros.", "Defina o padrão, não o siga."],
  },
  headlines: [(topic) => toSentence(topic), (topic, brand) => toSentence(`Novidade na ${brand}: ${topic}`)],
  audience: [(audience) => `Feito para ${audience}.`, (audience) => `Pensado para ${audience}.`],
  signOff: (brand) => `— A equipa ${brand}`,
  cta: {
    facebook: ["Diga-nos o que pensa nos comentários.", "Partilhe com quem precisa."],
    instagram: ["Toque duas vezes se concorda.", "Guarde para mais tarde."],
  },
  defaultHeadline: (brand) => `Porque escolher ${brand}.`,
  questions: ["O que acha?", "O que gostaria de ver da nossa parte a seguir?", "E você, o que diz?"],
  shareQuestion: "Que dica acrescentaria?",
  askQuestion: "O que mais gosta na {b}?",
  tipsIntro: (count, brand) => `${count} dicas práticas da ${brand}:`,
  tips: [
    "Comece pelo pequeno: uma mudança que se mantém vale mais do que um grande plano abandonado.",
    "Faça perguntas: na {b} explicamos sempre o como e o porquê.",
    "Escolha qualidade em vez de quantidade: dura mais e nota-se.",
    "Transforme-o numa rotina: o mesmo momento todas as semanas torna tudo mais fácil.",
    "Partilhe o que funciona: conte a um amigo e comparem.",
  ],
  kinds: {
    beforeAfter: {
      lead: "Antes e depois: veja a diferença que a {b} faz.",
      body: "Como começou, o que fizemos e como ficou, lado a lado.",
      close: "Quer o mesmo resultado? Envie-nos uma mensagem e começamos.",
    },
    behindScenes: {
      lead: "Os bastidores da {b}.",
      body: "É aqui que o trabalho acontece, com pessoas atentas a cada detalhe.",
    },
    milestone: {
      lead: "Um marco importante para a {b}!",
      body: "Obrigado por fazer parte disto: sem vocês não seria possível, e há mais por vir.",
    },
    testimonial: {
      lead: "Nada como ouvir os nossos clientes.",
      body: "Obrigado a todos os que nos contam a sua experiência com a {b}.",
    },
    event: {
      lead: "Está convidado: junte-se à {b} para algo especial.",
      body: "Venha conhecer a equipa e passar um bom momento connosco.",
      close: "Reserve o seu lugar enviando-nos uma mensagem.",
    },
    faq: {
      lead: "Uma pergunta que ouvimos muito: como começo com a {b}?",
      body: "Simples: envie-nos uma mensagem e encontramos o que melhor lhe serve.",
      close: "Mais perguntas? Deixe-as nos comentários.",
    },
    team: {
      lead: "Conheça as pessoas por trás da {b}.",
      body: "Trazem o cuidado e o saber que estão em tudo o que fazemos.",
    },
    offer: {
      lead: "Só por tempo limitado na {b}.",
      body: "Não vai durar muito, por isso não espere.",
      close: "Envie-nos uma mensagem para aproveitar antes que acabe.",
    },
    greeting: {
      lead: "Os melhores votos da época de toda a equipa da {b}.",
      body: "Obrigado por estar connosco; que lhe traga descanso e bons momentos.",
    },
    launch: {
      lead: "Há novidades na {b}.",
      body: "Pensado para tornar o seu dia um pouco mais fácil.",
      close: "Pergunte-nos hoje mesmo.",
    },
    question: { lead: "Temos uma pergunta para si.", body: "" },
  },
};

const dutch: Phrases = {
  hooks: {
    professional: ["Dit is wat er deze week toe doet.", "Een update die uw tijd waard is."],
    casual: ["Dit ga je leuk vinden.", "Raad eens waar we mee bezig zijn?"],
    friendly: ["Hallo allemaal!", "We hebben iets moois om te delen."],
    humorous: ["Let op: kan plotseling geluk veroorzaken.", "Plotwending: het wordt nog beter."],
    authoritative: ["De feiten zijn duidelijk.", "Zet de standaard, volg hem niet."],
  },
  headlines: [(topic) => toSentence(topic), (topic, brand) => toSentence(`Nieuw bij ${brand}: ${topic}`)],
  audience: [(audience) => `Gemaakt voor ${audience}.`, (audience) => `Speciaal voor ${audience}.`],
  signOff: (brand) => `— Het team van ${brand}`,
  cta: {
    facebook: ["Laat ons in de reacties weten wat je denkt.", "Deel dit met iemand die het nodig heeft."],
    instagram: ["Dubbeltik als je het eens bent.", "Bewaar dit voor later."],
  },
  defaultHeadline: (brand) => `Waarom mensen voor ${brand} kiezen.`,
  questions: ["Wat vind jij ervan?", "Wat wil je hierna van ons zien?", "Hoe kijk jij ertegenaan?"],
  shareQuestion: "Welke tip zou jij toevoegen?",
  askQuestion: "Wat vind jij het leukst aan {b}?",
  tipsIntro: (count, brand) => `${count} praktische tips van ${brand}:`,
  tips: [
    "Begin klein: één verandering die blijft, is meer waard dan een groot plan dat strandt.",
    "Stel vragen: bij {b} leggen we graag het hoe en waarom uit.",
    "Kies kwaliteit boven kwantiteit: het gaat langer mee en dat merk je.",
    "Maak er een gewoonte van: elke week op hetzelfde moment maakt het makkelijk.",
    "Deel wat werkt: vertel het een vriend en vergelijk.",
  ],
  kinds: {
    beforeAfter: {
      lead: "Voor en na: zie het verschil dat {b} maakt.",
      body: "Hoe het begon, wat we deden en hoe het werd, naast elkaar.",
      close: "Hetzelfde resultaat? Stuur ons een bericht en we gaan aan de slag.",
    },
    behindScenes: {
      lead: "Een kijkje achter de schermen bij {b}.",
      body: "Hier gebeurt het werk, met mensen die op elk detail letten.",
    },
    milestone: {
      lead: "Een mijlpaal voor {b}!",
      body: "Bedankt dat je erbij bent: zonder jullie was dit niet gelukt, en er komt nog meer.",
    },
    testimonial: {
      lead: "Niets zegt het beter dan onze klanten.",
      body: "Dank aan iedereen die ons vertelt over hun ervaring met {b}.",
    },
    event: {
      lead: "Je bent uitgenodigd: kom naar {b} voor iets bijzonders.",
      body: "Kom langs, leer het team kennen en geniet van een goed moment met ons.",
      close: "Reserveer je plek met een bericht aan ons.",
    },
    faq: {
      lead: "Een vraag die we vaak horen: hoe begin ik met {b}?",
      body: "Simpel: stuur ons een bericht en we zoeken uit wat het beste bij je past.",
      close: "Nog meer vragen? Stel ze in de reacties.",
    },
    team: {
      lead: "Maak kennis met de mensen achter {b}.",
      body: "Zij brengen de zorg en de kennis mee die je terugziet in alles wat we doen.",
    },
    offer: {
      lead: "Alleen voor korte tijd bij {b}.",
      body: "Het duurt niet lang, dus wacht niet.",
      close: "Stuur ons een bericht om het te claimen voordat het afloopt.",
    },
    greeting: {
      lead: "Fijne feestdagen en hartelijke groeten van het hele team van {b}.",
      body: "Bedankt dat je er bent; we wensen je rust en mooie momenten.",
    },
    launch: {
      lead: "Er is iets nieuws bij {b}.",
      body: "Gemaakt om je dag een beetje makkelijker te maken.",
      close: "Vraag ons er vandaag nog naar.",
    },
    question: { lead: "We hebben een vraag voor je.", body: "" },
  },
};

/**
 * Phrase tables for the seven interface languages. The other five generation languages (ru, zh, ja, ko,
 * ar) fall back to English offline: writing them well needs a real model, which the UI says.
 */
export const phrasesByLanguage: Partial<Record<LanguageCode, Phrases>> = {
  en: english,
  es: spanish,
  fr: french,
  de: german,
  it: italian,
  pt: portuguese,
  nl: dutch,
};

/** A phrase with the brand's name in place of {b}. */
export const withBrand = (text: string, brand: string) => text.split("{b}").join(brand);
