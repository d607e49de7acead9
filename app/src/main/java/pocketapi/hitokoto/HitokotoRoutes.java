package pocketapi.hitokoto;

import io.javalin.http.BadRequestResponse;
import io.javalin.http.Context;
import io.javalin.http.NotFoundResponse;
import java.util.concurrent.ThreadLocalRandom;
import pocketapi.web.Query;
import pocketapi.web.Query.Param;
import pocketapi.web.Responses;

/**
 * {@code GET /api/hitokoto}: a random sentence, as the original service answers it (docs, "GET /api/hitokoto"; the
 * fallbacks are app/docs/decisions.md's).
 */
final class HitokotoRoutes {
    /** A category, {@code a} to {@code l}; any other value is null (ignored). */
    public static final Param<Character> C = new Param<>(
                    "c",
                    v -> v.length() == 1 && Sentences.CATEGORIES.indexOf(v.charAt(0)) >= 0 ? v.charAt(0) : null,
                    null)
            .withLongNames("category")
            .choices("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l")
            .repeatable()
            .described("A category, a to l (i: poetry, k: philosophy, ...), repeatable (c=i&c=k); none: any; only "
                    + "values not a category: a, as the original service.");

    public static final Param<Boolean> ENCODE = new Param<>("encode", HitokotoRoutes::text, false)
            .choices("json", "text")
            .described("text: the sentence alone, as text; json (the default): the sentence's record.");
    /** The alias of {@code encode}. */
    public static final Param<Boolean> TYPE = new Param<>("type", HitokotoRoutes::text, false)
            .choices("json", "text")
            .described("The same as encode.");

    public static final Param<Integer> MIN_LENGTH =
            Param.digits("min_length").described("The sentence's least length in characters.");
    public static final Param<Integer> MAX_LENGTH =
            Param.digits("max_length").described("The sentence's greatest length in characters.");

    /** An example: the one sentence of category i eleven characters long, as the built-in poetry has it. */
    static final Sentence EXAMPLE = new Sentence(
            900043,
            "642c2ea1-5a20-5c07-93a7-d83c99041774",
            "蜀道之难，难于上青天。",
            "i",
            "蜀道难",
            "李白",
            "pocketapi",
            0,
            0,
            "pocketapi",
            "1764201600",
            11);

    private final SentenceFolder sentences;

    public HitokotoRoutes(SentenceFolder sentences) {
        this.sentences = sentences;
    }

    private static boolean text(String v) {
        return switch (v) {
            case "text" -> true;
            case "json" -> false;
            default -> throw new IllegalArgumentException("must be json or text");
        };
    }

    void hitokoto(Context ctx, Query q) {
        Sentences all = sentences.sentences();
        StringBuilder types = new StringBuilder();
        q.all(C).stream()
                .filter(c -> c != null && types.indexOf(c.toString()) < 0)
                .forEach(types::append);
        if (types.isEmpty()) {
            // None asked for: every category. Only invalid ones: a, as the original, or every category when a has none.
            types.append(!q.given(C) || all.count('a') == 0 ? Sentences.CATEGORIES : "a");
        }
        Integer min = q.get(MIN_LENGTH);
        Integer max = q.get(MAX_LENGTH);
        if (min != null && max != null && max < min) {
            throw new BadRequestResponse("max_length=" + max + " is less than min_length=" + min);
        }
        Sentence s = all.pick(
                        types.toString(),
                        min == null ? 0 : min,
                        max == null ? Integer.MAX_VALUE : max,
                        ThreadLocalRandom.current())
                .orElseThrow(() -> new NotFoundResponse("No sentence of categor"
                        + (types.length() == 1 ? "y " : "ies ") + types
                        + (min == null ? "" : ", at least " + min + " characters")
                        + (max == null ? "" : ", at most " + max + " characters") + "; categories with sentences here: "
                        + present(all)));
        if (q.get(ENCODE) || q.get(TYPE)) {
            Responses.text(ctx, s.hitokoto());
        } else {
            Responses.json(ctx, s);
        }
    }

    private static String present(Sentences all) {
        StringBuilder out = new StringBuilder();
        for (char c : Sentences.CATEGORIES.toCharArray()) {
            out.append(all.count(c) > 0 ? String.valueOf(c) : "");
        }
        return out.toString();
    }
}
