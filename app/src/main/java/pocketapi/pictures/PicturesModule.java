package pocketapi.pictures;

import io.javalin.http.Context;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import java.util.function.Predicate;
import pocketapi.config.Config;
import pocketapi.files.Allowance;
import pocketapi.files.FolderWatcher;
import pocketapi.web.Family;
import pocketapi.web.Html;
import pocketapi.web.Measures;
import pocketapi.web.Module;
import pocketapi.web.Routes;
import pocketapi.web.ServerSettings;

/**
 * The random pictures ({@code SERVE=img}): {@code /img}, {@code /img/pe}, {@code /img/pc}, {@code /img/url} and each
 * named pool's {@code /img/NAME/…}; out of the box, the bundled samples at {@code /d/image/…}. Thread-safe.
 */
public final class PicturesModule implements Module {
    private static final String SECTION = Html.resource("pocketapi/pictures/section.html");
    private final ImagePools pools;
    private final NamedPools named;
    private final Optional<SampleImages> samples;
    private final ImageEndpoint images;

    /**
     * @param samples the bundled sample pictures, served at {@code /d/image/…} (with the pools of the samples alone)
     * @param users the users whose last pictures IMAGE_NO_REPEAT remembers at most (the counters' bound)
     */
    public PicturesModule(
            Config config, ImagePools pools, NamedPools named, Optional<SampleImages> samples, int users) {
        this.pools = pools;
        this.named = named;
        this.samples = samples;
        this.images = new ImageEndpoint(
                pools,
                named,
                new Picker(config.get(PictureSettings.IMAGE_NO_REPEAT), Math.min(users, Picker.MAX_USERS)),
                new Referers(config.get(PictureSettings.IMAGE_REFERERS)),
                config.get(PictureSettings.IMAGE_HOST),
                config.get(ServerSettings.PUBLIC_URL));
    }

    /**
     * Reads the pool files (or the samples) and IMAGE_POOLS_DIR.
     *
     * @param budget what the pictures may take of the heap, the pool files' and the named pools' together
     * @param users the users whose last pictures IMAGE_NO_REPEAT remembers at most (the counters' bound)
     * @throws ImagePoolException naming a pool file that cannot be served
     * @throws FolderWatcher.Refused naming a file of IMAGE_POOLS_DIR that cannot be read
     */
    public static PicturesModule load(Config config, long budget, int users)
            throws ImagePoolException, FolderWatcher.Refused {
        ImagePools pools = ImagePools.load(
                config.get(PictureSettings.IMAGE_POOL_PORTRAIT),
                config.get(PictureSettings.IMAGE_POOL_LANDSCAPE),
                new Allowance(budget, "the pool files' pictures"));
        Optional<SampleImages> samples = pools.bundled() ? Optional.of(SampleImages.of(pools)) : Optional.empty();
        NamedPools named = NamedPools.load(
                config.get(PictureSettings.IMAGE_POOLS_DIR),
                budget - pools.both().bytes());
        return new PicturesModule(config, pools, named, samples, users);
    }

    @Override
    public String name() {
        return "img";
    }

    /**
     * The {@code /img/NAME/…} routes only with IMAGE_POOLS_DIR set: without it {@code /img/anything} is an unknown path
     * like any other, answered 404 and not counted.
     */
    @Override
    public void routes(Routes r) {
        for (boolean fromNamed : named.configured() ? new boolean[] {false, true} : new boolean[] {false}) {
            String at = fromNamed ? "/img/{name}" : "/img";
            // A name no pool has is an unknown path: answered 404, not counted.
            Predicate<Context> names = fromNamed ? ctx -> named.all().containsKey(ctx.pathParam("name")) : ctx -> true;
            r.counted(
                    at,
                    Family.PICTURES,
                    names,
                    images.answer(fromNamed, ImageEndpoint.Pool.BY_DEVICE, ImageEndpoint.Form.REDIRECT),
                    ImageEndpoint.TYPE,
                    ImageEndpoint.ORIENTATION);
            r.counted(
                    at + "/pe",
                    Family.PICTURES,
                    names,
                    images.answer(fromNamed, ImageEndpoint.Pool.PORTRAIT, ImageEndpoint.Form.REDIRECT),
                    ImageEndpoint.TYPE,
                    ImageEndpoint.ORIENTATION);
            r.counted(
                    at + "/pc",
                    Family.PICTURES,
                    names,
                    images.answer(fromNamed, ImageEndpoint.Pool.LANDSCAPE, ImageEndpoint.Form.REDIRECT),
                    ImageEndpoint.TYPE,
                    ImageEndpoint.ORIENTATION);
            r.counted(
                    at + "/url",
                    Family.PICTURES,
                    names,
                    images.answer(fromNamed, ImageEndpoint.Pool.BY_DEVICE, ImageEndpoint.Form.TEXT),
                    ImageEndpoint.TYPE,
                    ImageEndpoint.ORIENTATION);
        }
        // Not counted: the sample pictures.
        samples.ifPresent(pictures -> r.plain("/d/image/<entry>", ImageEndpoint.samples(pictures)));
    }

    @Override
    public void start(Function<String, ScheduledExecutorService> threads) {
        named.start(threads.apply("folders"));
    }

    @Override
    public String section() {
        return SECTION.replace("{{pools}}", pools(named.all()));
    }

    /** The pictures loaded, by pool: portrait, landscape, and each named pool of IMAGE_POOLS_DIR. */
    @Override
    public void measures(Measures m) {
        m.gauge("pictures", "pictures loaded, by pool (portrait, landscape, or a named pool)", List.of("pool"), r -> {
            r.value(pools.portrait().size(), "portrait");
            r.value(pools.landscape().size(), "landscape");
            named.all().forEach((name, pool) -> r.value(pool.size(), name));
        });
    }

    /** For the start-up line: how many pictures of each side, and from where. */
    public String describe(Config config) {
        return pools.portrait().size() + " portrait + " + pools.landscape().size() + " landscape from "
                + config.get(PictureSettings.IMAGE_HOST).orElse("the bundled samples");
    }

    /** The named pools, by name. */
    public Map<String, ImagePool> named() {
        return named.all();
    }

    /** What the pictures take of the heap now. */
    public long bytes() {
        return pools.both().bytes() + named.bytes();
    }

    /** One example link per named picture pool, with how many pictures of each shape it has. */
    static String pools(Map<String, ImagePool> pools) {
        StringBuilder out = new StringBuilder();
        pools.forEach((name, pool) -> out.append("<li><a class=\"ex\" href=\"/img/")
                .append(name)
                .append("\">/img/")
                .append(name)
                .append("</a> ")
                .append(pool.size())
                .append(" 张 <span class=\"en\">")
                .append(pool.size())
                .append(" pictures: ")
                .append(pool.choice(null, ImagePool.Shape.LANDSCAPE).size())
                .append(" landscape, ")
                .append(pool.choice(null, ImagePool.Shape.PORTRAIT).size())
                .append(" portrait, ")
                .append(pool.choice(null, ImagePool.Shape.SQUARE).size())
                .append(" square</span></li>"));
        return out.toString();
    }
}
