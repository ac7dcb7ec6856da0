import type { ContentTone, LanguageCode } from "@smm/domain/brands";

/*
 * The offline reply writer's phrase tables, one per language the offline writer speaks (the same seven as
 * offline-phrases.ts). Every line stands on its own; what the user's instructions bring in is placed after
 * a fixed lead-in ("We'd like to offer you ..."), never bent mid-word. Formal tones address the commenter
 * formally where the language makes the difference.
 */

type ByTone = Record<ContentTone, readonly string[]>;

export interface ReplyPhrases {
  /** The opening with the commenter's first name; `null` name: the tone's nameless greeting, or none. */
  greet: Record<ContentTone, (name: string | null) => string | null>;
  /** Praise answered. */
  thanks: ByTone;
  /** Thanks the user asked for, for a comment that is not praise. */
  thankYou: ByTone;
  /** "Thank you for {what}" (what the instructions say to thank for). */
  thanksFor: (what: string) => string;
  /** A comment that is neither praise, a complaint nor a question. */
  acknowledge: ByTone;
  /** A complaint answered: the apology... */
  apology: ByTone;
  apologyFor: (what: string) => string;
  /** ...and the offer to help that follows it. */
  help: ByTone;
  greatQuestion: ByTone;
  /** Where the answer is, when the instructions do not give it. */
  pointer: ByTone;
  /** The last line; empty for tones that end without one. */
  close: ByTone;
  offer: (what: string) => string;
  offerTo: (action: string) => string;
  seeYou: (when: string) => string;
  dontMiss: (what: string) => string;
  askTo: (action: string) => string;
  askFor: (what: string) => string;
  invite: (to: string) => string;
  wish: (what: string) => string;
  congratulate: (on: string | null) => string;
  recommend: (what: string) => string;
  /** The word for "on" before a weekday ("on Friday"); "" where the language needs none. */
  onWeekday: string;
  /** The language's words for the time words instructions are read in (English): "friday", "tomorrow". */
  times: Readonly<Record<string, string>>;
}

const tones = (
  professional: readonly string[],
  casual: readonly string[],
  friendly: readonly string[],
  humorous: readonly string[],
  authoritative: readonly string[],
): ByTone => ({ professional, casual, friendly, humorous, authoritative });

const english: ReplyPhrases = {
  greet: {
    professional: (name) => (name ? `Hello ${name},` : "Hello,"),
    authoritative: (name) => (name ? `Hello ${name},` : null),
    friendly: (name) => (name ? `Hi ${name}!` : "Hi there!"),
    casual: (name) => (name ? `Hey ${name}!` : "Hey!"),
    humorous: (name) => (name ? `${name}, you star!` : "Well, hello!"),
  },
  thanks: tones(
    ["Thank you for your kind words.", "Thank you very much for your feedback."],
    ["Thanks so much, that made our day!", "Thanks a lot, glad you liked it!"],
    ["Thank you so much for the lovely words!", "Aww, thank you, this means a lot to us!"],
    [
      "Stop it, you'll make us blush! Thank you!",
      "Careful, our heads may not fit through the door now. Thanks!",
    ],
    [
      "Thank you for your feedback; it confirms we are doing things right.",
      "Thank you; this is exactly the standard we hold ourselves to.",
    ],
  ),
  thankYou: tones(
    ["Thank you for your message."],
    ["Thanks a lot!"],
    ["Thank you so much!"],
    ["A big thank-you from all of us!"],
    ["Thank you for your message."],
  ),
  thanksFor: (what) => `Thank you for ${what}!`,
  acknowledge: tones(
    ["Thank you for your comment.", "Thank you for getting in touch."],
    ["Thanks for dropping by!", "Thanks for the comment!"],
    ["Thanks so much for your comment!", "Lovely to hear from you!"],
    ["Your comment has been officially noted (and enjoyed).", "A comment! Our favourite thing. Thanks!"],
    ["Thank you for your comment.", "Thank you for sharing your view."],
  ),
  apology: tones(
    ["We are sorry to hear about your experience.", "We apologise for the inconvenience."],
    ["Oh no, sorry about that!", "That's not what we want to hear, sorry!"],
    ["Oh no, we're so sorry to hear that.", "We're really sorry this happened."],
    ["Oops, that's not the experience we're going for. Sorry!", "Oh no, that's on us. Sorry!"],
    [
      "We apologise: this falls short of our standards.",
      "We are sorry; this is not the service we stand for.",
    ],
  ),
  apologyFor: (what) => `We're sorry about ${what}.`,
  help: tones(
    [
      "Please send us a private message so we can look into it.",
      "Please contact us directly and we will make it right.",
    ],
    ["Drop us a message and we'll sort it out.", "Send us a DM and we'll fix it."],
    [
      "Send us a message and we'll do our best to make it right.",
      "Please get in touch and we'll make it up to you.",
    ],
    ["Send us a message and we'll make it right, promise.", "Slide into our messages and we'll sort it out."],
    ["Contact us directly and we will resolve it.", "Send us a private message and we will put it right."],
  ),
  greatQuestion: tones(
    ["Great question."],
    ["Great question!"],
    ["Great question!"],
    ["Great question! We love a curious mind."],
    ["Great question."],
  ),
  pointer: tones(
    [
      "Please send us a private message and we will be glad to give you the details.",
      "You will find the details on our page, or send us a message.",
    ],
    ["Drop us a message and we'll tell you everything.", "Send us a DM and we'll fill you in."],
    [
      "Send us a message and we'll happily tell you more.",
      "Just send us a message and we'll give you all the details.",
    ],
    ["Send us a message and we'll spill all the details.", "Our messages are open and we love to chat."],
    [
      "Send us a private message and we will give you the full details.",
      "Contact us directly for the full details.",
    ],
  ),
  close: tones(
    [],
    ["Cheers!", "See you soon!"],
    ["Have a lovely day!", "Hope to see you soon!"],
    ["Stay awesome!", "Keep the comments coming!"],
    [],
  ),
  offer: (what) => `We'd like to offer you ${what}.`,
  offerTo: (action) => `We'd be happy to ${action}.`,
  seeYou: (when) => `Hope to see you ${when}!`,
  dontMiss: (what) => `Don't miss ${what}!`,
  askTo: (action) => `Could you ${action}?`,
  askFor: (what) => `Could you send us ${what}?`,
  invite: (to) => `You're warmly invited to ${to}!`,
  wish: (what) => `Wishing you ${what}!`,
  congratulate: (on) => (on ? `Congratulations on ${on}!` : "Congratulations!"),
  recommend: (what) => `We'd recommend ${what}.`,
  onWeekday: "on",
  times: {},
};

const spanish: ReplyPhrases = {
  greet: {
    professional: (name) => (name ? `Buenos días, ${name}.` : "Buenos días."),
    authoritative: (name) => (name ? `Buenos días, ${name}.` : null),
    friendly: (name) => (name ? `¡Hola, ${name}!` : "¡Hola!"),
    casual: (name) => (name ? `¡Ey, ${name}!` : "¡Ey!"),
    humorous: (name) => (name ? `¡${name}, eres un sol!` : "¡Pero bueno, hola!"),
  },
  thanks: tones(
    ["Muchas gracias por sus amables palabras."],
    ["¡Mil gracias, nos has alegrado el día!"],
    ["¡Muchísimas gracias por tus bonitas palabras!"],
    ["¡Para, que nos sonrojamos! ¡Gracias!"],
    ["Gracias por su opinión; confirma que vamos por buen camino."],
  ),
  thankYou: tones(
    ["Muchas gracias por su mensaje."],
    ["¡Mil gracias!"],
    ["¡Muchísimas gracias!"],
    ["¡Un gracias enorme de parte de todos!"],
    ["Muchas gracias por su mensaje."],
  ),
  thanksFor: (what) => `¡Gracias por ${what}!`,
  acknowledge: tones(
    ["Gracias por su comentario."],
    ["¡Gracias por pasarte!"],
    ["¡Muchas gracias por tu comentario!"],
    ["¡Un comentario! Nuestra cosa favorita. ¡Gracias!"],
    ["Gracias por compartir su opinión."],
  ),
  apology: tones(
    ["Lamentamos mucho su experiencia."],
    ["¡Vaya, lo sentimos!"],
    ["Cuánto lo sentimos, de verdad."],
    ["¡Uy, esa no es la experiencia que buscamos! Lo sentimos."],
    ["Le pedimos disculpas: esto no está a la altura de nuestro servicio."],
  ),
  apologyFor: (what) => `Sentimos mucho lo de ${what}.`,
  help: tones(
    ["Envíenos un mensaje privado y lo revisaremos."],
    ["Escríbenos un mensaje y lo arreglamos."],
    ["Escríbenos y haremos todo lo posible por solucionarlo."],
    ["Escríbenos y lo arreglamos, prometido."],
    ["Contacte con nosotros directamente y lo resolveremos."],
  ),
  greatQuestion: tones(
    ["Buena pregunta."],
    ["¡Buena pregunta!"],
    ["¡Buena pregunta!"],
    ["¡Buena pregunta! Nos encantan los curiosos."],
    ["Buena pregunta."],
  ),
  pointer: tones(
    ["Envíenos un mensaje privado y le daremos todos los detalles."],
    ["Escríbenos y te lo contamos todo."],
    ["Escríbenos y te contamos más con mucho gusto."],
    ["Escríbenos y te lo contamos con pelos y señales."],
    ["Envíenos un mensaje privado y le daremos todos los detalles."],
  ),
  close: tones([], ["¡Hasta pronto!"], ["¡Que tengas un día precioso!"], ["¡Sigue así de genial!"], []),
  offer: (what) => `Nos gustaría ofrecerte ${what}.`,
  offerTo: (action) => `Estaremos encantados de ${action}.`,
  seeYou: (when) => `¡Esperamos verte ${when}!`,
  dontMiss: (what) => `¡No te pierdas ${what}!`,
  askTo: (action) => `¿Podrías ${action}?`,
  askFor: (what) => `¿Podrías enviarnos ${what}?`,
  invite: (to) => `¡Estás invitado a ${to}!`,
  wish: (what) => `¡Te deseamos ${what}!`,
  congratulate: (on) => (on ? `¡Enhorabuena por ${on}!` : "¡Enhorabuena!"),
  recommend: (what) => `Te recomendamos ${what}.`,
  onWeekday: "el",
  times: {
    monday: "lunes",
    tuesday: "martes",
    wednesday: "miércoles",
    thursday: "jueves",
    friday: "viernes",
    saturday: "sábado",
    sunday: "domingo",
    today: "hoy",
    tomorrow: "mañana",
    tonight: "esta noche",
    "this weekend": "este fin de semana",
    "next week": "la próxima semana",
    soon: "pronto",
  },
};

const french: ReplyPhrases = {
  greet: {
    professional: (name) => (name ? `Bonjour ${name},` : "Bonjour,"),
    authoritative: (name) => (name ? `Bonjour ${name},` : null),
    friendly: (name) => (name ? `Bonjour ${name} !` : "Bonjour !"),
    casual: (name) => (name ? `Salut ${name} !` : "Salut !"),
    humorous: (name) => (name ? `${name}, vous êtes un amour !` : "Eh bien, bonjour !"),
  },
  thanks: tones(
    ["Merci beaucoup pour votre retour."],
    ["Merci mille fois, ça nous fait super plaisir !"],
    ["Merci beaucoup pour ce gentil message !"],
    ["Arrêtez, on va rougir ! Merci !"],
    ["Merci pour votre retour : il confirme que nous sommes sur la bonne voie."],
  ),
  thankYou: tones(
    ["Merci pour votre message."],
    ["Merci mille fois !"],
    ["Merci beaucoup !"],
    ["Un grand merci de toute l'équipe !"],
    ["Merci pour votre message."],
  ),
  thanksFor: (what) => `Merci pour ${what} !`,
  acknowledge: tones(
    ["Merci pour votre commentaire."],
    ["Merci d'être passé !"],
    ["Merci beaucoup pour votre commentaire !"],
    ["Un commentaire ! Notre chose préférée. Merci !"],
    ["Merci d'avoir partagé votre avis."],
  ),
  apology: tones(
    ["Nous sommes désolés de votre expérience."],
    ["Oh non, désolés !"],
    ["Oh non, nous sommes vraiment désolés."],
    ["Oups, ce n'est pas l'expérience qu'on vise ! Désolés."],
    ["Nous vous présentons nos excuses : ce n'est pas à la hauteur de notre service."],
  ),
  apologyFor: (what) => `Nous sommes désolés pour ${what}.`,
  help: tones(
    ["Envoyez-nous un message privé afin que nous puissions regarder cela."],
    ["Écrivez-nous et on arrange ça."],
    ["Écrivez-nous et nous ferons tout pour arranger les choses."],
    ["Écrivez-nous et on répare ça, promis."],
    ["Contactez-nous directement et nous réglerons cela."],
  ),
  greatQuestion: tones(
    ["Excellente question."],
    ["Bonne question !"],
    ["Bonne question !"],
    ["Bonne question ! On adore les curieux."],
    ["Excellente question."],
  ),
  pointer: tones(
    ["Envoyez-nous un message privé et nous vous donnerons tous les détails."],
    ["Écrivez-nous et on vous dit tout."],
    ["Écrivez-nous et nous vous en dirons plus avec plaisir."],
    ["Écrivez-nous et on vous raconte tout dans les moindres détails."],
    ["Envoyez-nous un message privé pour tous les détails."],
  ),
  close: tones([], ["À bientôt !"], ["Belle journée à vous !"], ["Restez génial !"], []),
  offer: (what) => `Nous aimerions vous offrir ${what}.`,
  offerTo: (action) => `Nous serions ravis de ${action}.`,
  seeYou: (when) => `Au plaisir de vous voir ${when} !`,
  dontMiss: (what) => `Ne manquez pas ${what} !`,
  askTo: (action) => `Pourriez-vous ${action} ?`,
  askFor: (what) => `Pourriez-vous nous envoyer ${what} ?`,
  invite: (to) => `Vous êtes chaleureusement invité à ${to} !`,
  wish: (what) => `Nous vous souhaitons ${what} !`,
  congratulate: (on) => (on ? `Félicitations pour ${on} !` : "Félicitations !"),
  recommend: (what) => `Nous vous recommandons ${what}.`,
  onWeekday: "",
  times: {
    monday: "lundi",
    tuesday: "mardi",
    wednesday: "mercredi",
    thursday: "jeudi",
    friday: "vendredi",
    saturday: "samedi",
    sunday: "dimanche",
    today: "aujourd'hui",
    tomorrow: "demain",
    tonight: "ce soir",
    "this weekend": "ce week-end",
    "next week": "la semaine prochaine",
    soon: "bientôt",
  },
};

const german: ReplyPhrases = {
  greet: {
    professional: (name) => (name ? `Hallo ${name},` : "Guten Tag,"),
    authoritative: (name) => (name ? `Hallo ${name},` : null),
    friendly: (name) => (name ? `Hallo ${name}!` : "Hallo!"),
    casual: (name) => (name ? `Hey ${name}!` : "Hey!"),
    humorous: (name) => (name ? `${name}, du bist die Beste!` : "Na, hallo!"),
  },
  thanks: tones(
    ["Vielen Dank für Ihre freundlichen Worte."],
    ["Tausend Dank, du hast uns den Tag versüßt!"],
    ["Ganz herzlichen Dank für deine lieben Worte!"],
    ["Hör auf, wir werden rot! Danke!"],
    ["Vielen Dank für Ihr Feedback; es bestätigt unseren Anspruch."],
  ),
  thankYou: tones(
    ["Vielen Dank für Ihre Nachricht."],
    ["Tausend Dank!"],
    ["Ganz herzlichen Dank!"],
    ["Ein riesiges Dankeschön von uns allen!"],
    ["Vielen Dank für Ihre Nachricht."],
  ),
  thanksFor: (what) => `Danke für ${what}!`,
  acknowledge: tones(
    ["Vielen Dank für Ihren Kommentar."],
    ["Danke fürs Vorbeischauen!"],
    ["Vielen Dank für deinen Kommentar!"],
    ["Ein Kommentar! Unser Lieblingsding. Danke!"],
    ["Vielen Dank für Ihre Einschätzung."],
  ),
  apology: tones(
    ["Es tut uns leid, das zu hören."],
    ["Oh nein, sorry!"],
    ["Oh nein, das tut uns wirklich leid."],
    ["Hoppla, so war das nicht gedacht! Sorry."],
    ["Wir entschuldigen uns: Das entspricht nicht unserem Anspruch."],
  ),
  apologyFor: (what) => `Entschuldigung für ${what}.`,
  help: tones(
    ["Bitte schreiben Sie uns eine private Nachricht, damit wir uns darum kümmern können."],
    ["Schreib uns kurz und wir regeln das."],
    ["Schreib uns eine Nachricht und wir tun alles, um es wiedergutzumachen."],
    ["Schreib uns und wir bringen das in Ordnung, versprochen."],
    ["Kontaktieren Sie uns direkt, und wir lösen das."],
  ),
  greatQuestion: tones(
    ["Gute Frage."],
    ["Gute Frage!"],
    ["Gute Frage!"],
    ["Gute Frage! Wir lieben Neugier."],
    ["Gute Frage."],
  ),
  pointer: tones(
    ["Schreiben Sie uns gern eine private Nachricht, dann erhalten Sie alle Details."],
    ["Schreib uns und wir erzählen dir alles."],
    ["Schreib uns eine Nachricht und wir erzählen dir gern mehr."],
    ["Schreib uns und wir verraten dir alles bis ins Detail."],
    ["Schreiben Sie uns eine private Nachricht für alle Details."],
  ),
  close: tones([], ["Bis bald!"], ["Hab einen schönen Tag!"], ["Bleib so großartig!"], []),
  offer: (what) => `Wir möchten dir ${what} anbieten.`,
  offerTo: (action) => `Wir helfen gern: ${action}.`,
  seeYou: (when) => `Wir freuen uns auf ein Wiedersehen ${when}!`,
  dontMiss: (what) => `Verpass nicht ${what}!`,
  askTo: (action) => `Könntest du bitte ${action}?`,
  askFor: (what) => `Könntest du uns ${what} schicken?`,
  invite: (to) => `Du bist herzlich eingeladen: ${to}!`,
  wish: (what) => `Wir wünschen dir ${what}!`,
  congratulate: (on) => (on ? `Herzlichen Glückwunsch zu ${on}!` : "Herzlichen Glückwunsch!"),
  recommend: (what) => `Wir empfehlen ${what}.`,
  onWeekday: "am",
  times: {
    monday: "Montag",
    tuesday: "Dienstag",
    wednesday: "Mittwoch",
    thursday: "Donnerstag",
    friday: "Freitag",
    saturday: "Samstag",
    sunday: "Sonntag",
    today: "heute",
    tomorrow: "morgen",
    tonight: "heute Abend",
    "this weekend": "am Wochenende",
    "next week": "nächste Woche",
    soon: "bald",
  },
};

const italian: ReplyPhrases = {
  greet: {
    professional: (name) => (name ? `Buongiorno ${name},` : "Buongiorno,"),
    authoritative: (name) => (name ? `Buongiorno ${name},` : null),
    friendly: (name) => (name ? `Ciao ${name}!` : "Ciao!"),
    casual: (name) => (name ? `Ehi ${name}!` : "Ehi!"),
    humorous: (name) => (name ? `${name}, sei un tesoro!` : "Ma ciao!"),
  },
  thanks: tones(
    ["La ringraziamo per le sue gentili parole."],
    ["Grazie mille, ci hai fatto la giornata!"],
    ["Grazie di cuore per le tue belle parole!"],
    ["Smettila, ci fai arrossire! Grazie!"],
    ["Grazie per il suo riscontro: conferma la qualità che ci impegniamo a offrire."],
  ),
  thankYou: tones(
    ["La ringraziamo per il suo messaggio."],
    ["Grazie mille!"],
    ["Grazie di cuore!"],
    ["Un grazie gigante da tutti noi!"],
    ["La ringraziamo per il suo messaggio."],
  ),
  thanksFor: (what) => `Grazie per ${what}!`,
  acknowledge: tones(
    ["Grazie per il suo commento."],
    ["Grazie per essere passato!"],
    ["Grazie mille per il tuo commento!"],
    ["Un commento! La nostra cosa preferita. Grazie!"],
    ["Grazie per aver condiviso la sua opinione."],
  ),
  apology: tones(
    ["Ci dispiace molto per la sua esperienza."],
    ["Oh no, scusaci!"],
    ["Oh no, ci dispiace davvero tanto."],
    ["Ops, non è l'esperienza che vogliamo offrire! Scusaci."],
    ["Ci scusiamo: questo non è all'altezza del nostro servizio."],
  ),
  apologyFor: (what) => `Ci scusiamo per ${what}.`,
  help: tones(
    ["Ci scriva in privato così possiamo verificare."],
    ["Scrivici e sistemiamo tutto."],
    ["Scrivici e faremo il possibile per rimediare."],
    ["Scrivici e rimediamo, promesso."],
    ["Ci contatti direttamente e risolveremo il problema."],
  ),
  greatQuestion: tones(
    ["Ottima domanda."],
    ["Bella domanda!"],
    ["Bella domanda!"],
    ["Bella domanda! Adoriamo i curiosi."],
    ["Ottima domanda."],
  ),
  pointer: tones(
    ["Ci scriva in privato e le daremo tutti i dettagli."],
    ["Scrivici e ti raccontiamo tutto."],
    ["Scrivici e ti racconteremo di più con piacere."],
    ["Scrivici e ti sveliamo ogni dettaglio."],
    ["Ci scriva in privato per tutti i dettagli."],
  ),
  close: tones([], ["A presto!"], ["Buona giornata!"], ["Resta fantastico!"], []),
  offer: (what) => `Vorremmo offrirti ${what}.`,
  offerTo: (action) => `Saremo felici di ${action}.`,
  seeYou: (when) => `Speriamo di vederti ${when}!`,
  dontMiss: (what) => `Non perderti ${what}!`,
  askTo: (action) => `Potresti ${action}?`,
  askFor: (what) => `Potresti inviarci ${what}?`,
  invite: (to) => `Sei calorosamente invitato a ${to}!`,
  wish: (what) => `Ti auguriamo ${what}!`,
  congratulate: (on) => (on ? `Congratulazioni per ${on}!` : "Congratulazioni!"),
  recommend: (what) => `Ti consigliamo ${what}.`,
  onWeekday: "",
  times: {
    monday: "lunedì",
    tuesday: "martedì",
    wednesday: "mercoledì",
    thursday: "giovedì",
    friday: "venerdì",
    saturday: "sabato",
    sunday: "domenica",
    today: "oggi",
    tomorrow: "domani",
    tonight: "stasera",
    "this weekend": "questo fine settimana",
    "next week": "la prossima settimana",
    soon: "presto",
  },
};

const portuguese: ReplyPhrases = {
  greet: {
    professional: (name) => (name ? `Olá ${name},` : "Olá,"),
    authoritative: (name) => (name ? `Olá ${name},` : null),
    friendly: (name) => (name ? `Olá ${name}!` : "Olá!"),
    casual: (name) => (name ? `Ei ${name}!` : "Ei!"),
    humorous: (name) => (name ? `${name}, você é demais!` : "Ora viva!"),
  },
  thanks: tones(
    ["Muito obrigado pelas suas palavras simpáticas."],
    ["Muito obrigado, ganhámos o dia!"],
    ["Muito obrigado pelas palavras tão bonitas!"],
    ["Pare, que ficamos corados! Obrigado!"],
    ["Obrigado pelo seu feedback: confirma o padrão que seguimos."],
  ),
  thankYou: tones(
    ["Obrigado pela sua mensagem."],
    ["Muito obrigado!"],
    ["Muitíssimo obrigado!"],
    ["Um obrigado gigante de todos nós!"],
    ["Obrigado pela sua mensagem."],
  ),
  thanksFor: (what) => `Obrigado por ${what}!`,
  acknowledge: tones(
    ["Obrigado pelo seu comentário."],
    ["Obrigado por passar por cá!"],
    ["Muito obrigado pelo seu comentário!"],
    ["Um comentário! A nossa coisa favorita. Obrigado!"],
    ["Obrigado por partilhar a sua opinião."],
  ),
  apology: tones(
    ["Lamentamos a sua experiência."],
    ["Oh não, desculpe!"],
    ["Oh não, lamentamos imenso."],
    ["Ups, não é essa a experiência que queremos! Desculpe."],
    ["Pedimos desculpa: isto não está à altura do nosso serviço."],
  ),
  apologyFor: (what) => `Pedimos desculpa por ${what}.`,
  help: tones(
    ["Envie-nos uma mensagem privada para podermos analisar a situação."],
    ["Mande-nos mensagem e resolvemos isso."],
    ["Envie-nos uma mensagem e faremos tudo para resolver."],
    ["Mande-nos mensagem e resolvemos, prometido."],
    ["Contacte-nos diretamente e resolveremos a situação."],
  ),
  greatQuestion: tones(
    ["Ótima pergunta."],
    ["Boa pergunta!"],
    ["Boa pergunta!"],
    ["Boa pergunta! Adoramos curiosos."],
    ["Ótima pergunta."],
  ),
  pointer: tones(
    ["Envie-nos uma mensagem privada e daremos todos os detalhes."],
    ["Mande-nos mensagem e contamos tudo."],
    ["Envie-nos uma mensagem e contamos mais com todo o gosto."],
    ["Mande-nos mensagem e contamos tudo tintim por tintim."],
    ["Envie-nos uma mensagem privada para todos os detalhes."],
  ),
  close: tones([], ["Até breve!"], ["Tenha um ótimo dia!"], ["Continue incrível!"], []),
  offer: (what) => `Gostaríamos de lhe oferecer ${what}.`,
  offerTo: (action) => `Teremos todo o gosto em ${action}.`,
  seeYou: (when) => `Esperamos vê-lo ${when}!`,
  dontMiss: (what) => `Não perca ${what}!`,
  askTo: (action) => `Poderia ${action}?`,
  askFor: (what) => `Poderia enviar-nos ${what}?`,
  invite: (to) => `Está convidado para ${to}!`,
  wish: (what) => `Desejamos-lhe ${what}!`,
  congratulate: (on) => (on ? `Parabéns por ${on}!` : "Parabéns!"),
  recommend: (what) => `Recomendamos ${what}.`,
  onWeekday: "na",
  times: {
    monday: "segunda-feira",
    tuesday: "terça-feira",
    wednesday: "quarta-feira",
    thursday: "quinta-feira",
    friday: "sexta-feira",
    saturday: "sábado",
    sunday: "domingo",
    today: "hoje",
    tomorrow: "amanhã",
    tonight: "esta noite",
    "this weekend": "este fim de semana",
    "next week": "na próxima semana",
    soon: "em breve",
  },
};

const dutch: ReplyPhrases = {
  greet: {
    professional: (name) => (name ? `Beste ${name},` : "Goedendag,"),
    authoritative: (name) => (name ? `Beste ${name},` : null),
    friendly: (name) => (name ? `Hoi ${name}!` : "Hoi!"),
    casual: (name) => (name ? `Hey ${name}!` : "Hey!"),
    humorous: (name) => (name ? `${name}, je bent een topper!` : "Nou, hallo!"),
  },
  thanks: tones(
    ["Hartelijk dank voor uw vriendelijke woorden."],
    ["Super bedankt, je maakt onze dag goed!"],
    ["Heel erg bedankt voor je lieve woorden!"],
    ["Hou op, we worden er verlegen van! Bedankt!"],
    ["Dank u voor uw feedback; het bevestigt onze standaard."],
  ),
  thankYou: tones(
    ["Hartelijk dank voor uw bericht."],
    ["Super bedankt!"],
    ["Heel erg bedankt!"],
    ["Een dikke dankjewel van ons allemaal!"],
    ["Hartelijk dank voor uw bericht."],
  ),
  thanksFor: (what) => `Bedankt voor ${what}!`,
  acknowledge: tones(
    ["Dank u voor uw reactie."],
    ["Bedankt dat je langskwam!"],
    ["Heel erg bedankt voor je reactie!"],
    ["Een reactie! Ons favoriete ding. Bedankt!"],
    ["Dank u voor het delen van uw mening."],
  ),
  apology: tones(
    ["Het spijt ons dit te horen."],
    ["Oei, sorry!"],
    ["O nee, het spijt ons echt."],
    ["Oeps, zo hoort het niet te gaan! Sorry."],
    ["Onze excuses: dit voldoet niet aan onze standaard."],
  ),
  apologyFor: (what) => `Sorry voor ${what}.`,
  help: tones(
    ["Stuur ons een privébericht, dan zoeken we het uit."],
    ["Stuur ons even een bericht, dan regelen we het."],
    ["Stuur ons een bericht en we doen ons best om het goed te maken."],
    ["Stuur ons een bericht en we maken het goed, beloofd."],
    ["Neem direct contact met ons op en we lossen het op."],
  ),
  greatQuestion: tones(
    ["Goede vraag."],
    ["Goeie vraag!"],
    ["Goede vraag!"],
    ["Goede vraag! We houden van nieuwsgierigheid."],
    ["Goede vraag."],
  ),
  pointer: tones(
    ["Stuur ons een privébericht, dan geven we u graag alle details."],
    ["Stuur ons een bericht, dan vertellen we je alles."],
    ["Stuur ons een bericht, dan vertellen we je graag meer."],
    ["Stuur ons een bericht en we vertellen je alles tot in detail."],
    ["Stuur ons een privébericht voor alle details."],
  ),
  close: tones([], ["Tot snel!"], ["Fijne dag!"], ["Blijf geweldig!"], []),
  offer: (what) => `We bieden je graag ${what} aan.`,
  offerTo: (action) => `We helpen je graag: ${action}.`,
  seeYou: (when) => `Hopelijk tot ${when}!`,
  dontMiss: (what) => `Mis ${what} niet!`,
  askTo: (action) => `Zou je ${action}?`,
  askFor: (what) => `Zou je ons ${what} willen sturen?`,
  invite: (to) => `Je bent van harte uitgenodigd: ${to}!`,
  wish: (what) => `We wensen je ${what}!`,
  congratulate: (on) => (on ? `Gefeliciteerd met ${on}!` : "Gefeliciteerd!"),
  recommend: (what) => `We raden ${what} aan.`,
  onWeekday: "",
  times: {
    monday: "maandag",
    tuesday: "dinsdag",
    wednesday: "woensdag",
    thursday: "donderdag",
    friday: "vrijdag",
    saturday: "zaterdag",
    sunday: "zondag",
    today: "vandaag",
    tomorrow: "morgen",
    tonight: "vanavond",
    "this weekend": "dit weekend",
    "next week": "volgende week",
    soon: "snel",
  },
};

/** The five generation languages without tables (ru, zh, ja, ko, ar) are answered in English offline. */
export const replyPhrasesByLanguage: Partial<Record<LanguageCode, ReplyPhrases>> = {
  en: english,
  es: spanish,
  fr: french,
  de: german,
  it: italian,
  pt: portuguese,
  nl: dutch,
};

export const englishReplyPhrases = english;
