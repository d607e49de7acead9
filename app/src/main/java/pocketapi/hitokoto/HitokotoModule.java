package pocketapi.hitokoto;

import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import pocketapi.config.Config;
import pocketapi.files.FolderWatcher;
import pocketapi.web.Doc;
import pocketapi.web.Family;
import pocketapi.web.Html;
import pocketapi.web.Measures;
import pocketapi.web.Module;
import pocketapi.web.Routes;

/** A sentence ({@code SERVE=hitokoto}): {@code /api/hitokoto}, the built-in poetry and classics or HITOKOTO_DIR's. */
public final class HitokotoModule implements Module {
    private static final String SECTION = Html.resource("pocketapi/hitokoto/section.html");
    private final SentenceFolder sentences;

    public HitokotoModule(SentenceFolder sentences) {
        this.sentences = sentences;
    }

    /**
     * Reads HITOKOTO_DIR (the built-in sentences: on first use).
     *
     * @param budget what the folder's sentences may take of the heap
     */
    public static HitokotoModule load(Config config, long budget) throws FolderWatcher.Refused {
        return new HitokotoModule(SentenceFolder.load(config.get(HitokotoSettings.HITOKOTO_DIR), budget));
    }

    @Override
    public String name() {
        return "hitokoto";
    }

    @Override
    public String about() {
        return "A sentence (一言), as the hitokoto API answers it: the built-in poetry and classics, "
                + "or HITOKOTO_DIR's.";
    }

    @Override
    public void routes(Routes r) {
        String query = "c=i&min_length=11&max_length=11";
        r.counted(
                "/api/hitokoto",
                Doc.of(
                                "A sentence",
                                "A sentence at random, of the categories asked for and within the lengths, as the "
                                        + "hitokoto API answers: its record, or with encode=text the sentence alone.")
                        .json(Sentence.class, "The sentence's record.", query, () -> HitokotoRoutes.EXAMPLE)
                        .text("encode=text: the sentence.", query + "&encode=text", HitokotoRoutes.EXAMPLE::hitokoto)
                        .error(
                                404,
                                "No sentence of the categories and lengths asked for: the message says which "
                                        + "categories have sentences."),
                Family.OTHER,
                new HitokotoRoutes(sentences)::hitokoto,
                HitokotoRoutes.C,
                HitokotoRoutes.ENCODE,
                HitokotoRoutes.TYPE,
                HitokotoRoutes.MIN_LENGTH,
                HitokotoRoutes.MAX_LENGTH);
    }

    @Override
    public void start(Function<String, ScheduledExecutorService> threads) {
        sentences.start(threads.apply("folders"));
    }

    @Override
    public String section() {
        return SECTION;
    }

    /** The sentences loaded. */
    @Override
    public void measures(Measures m) {
        m.gauge("sentences", "sentences loaded for /api/hitokoto", List.of(), r -> r.value(size()));
    }

    /** How many sentences are loaded: for the start-up line and /metrics. */
    public int size() {
        return sentences.sentences().size();
    }
}
