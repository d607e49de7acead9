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
import pocketapi.web.Doc;
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

    @Override
    public String about() {
        return "A random picture: a redirect to it, its link as text or JSON; portrait on a phone, landscape "
                + "elsewhere, or the side the path names; from today's pools or a named one (IMAGE_POOLS_DIR).";
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
            for (ImageEndpoint.Pool pool :
                    List.of(ImageEndpoint.Pool.BY_DEVICE, ImageEndpoint.Pool.PORTRAIT, ImageEndpoint.Pool.LANDSCAPE)) {
                String path = at
                        + switch (pool) {
                            case BY_DEVICE -> "";
                            case PORTRAIT -> "/pe";
                            case LANDSCAPE -> "/pc";
                        };
                r.counted(
                        path,
                        doc(fromNamed, pool, ImageEndpoint.Form.REDIRECT),
                        Family.PICTURES,
                        names,
                        images.answer(fromNamed, pool, ImageEndpoint.Form.REDIRECT),
                        ImageEndpoint.TYPE,
                        ImageEndpoint.ORIENTATION);
            }
            r.counted(
                    at + "/url",
                    doc(fromNamed, ImageEndpoint.Pool.BY_DEVICE, ImageEndpoint.Form.TEXT),
                    Family.PICTURES,
                    names,
                    images.answer(fromNamed, ImageEndpoint.Pool.BY_DEVICE, ImageEndpoint.Form.TEXT),
                    ImageEndpoint.TYPE,
                    ImageEndpoint.ORIENTATION);
        }
        // Not counted: the sample pictures.
        samples.ifPresent(pictures -> r.plain(
                "/d/image/<entry>",
                Doc.of("A bundled sample picture", "The sample pictures the links point to while IMAGE_HOST is unset.")
                        .path(
                                "entry",
                                "The picture's path, as a link names it (samples/landscape-1.png).",
                                Map.of("type", "string"))
                        .body("image/png", "The picture.", true, "Cache-Control")
                        .error(404, "No such sample picture."),
                ImageEndpoint.samples(pictures)));
    }

    /**
     * What a picture route is: the side it draws from, its form unless {@code type} asks for another; the landscape
     * route of today's pools has the examples of the README's pools (a landscape pool of one picture).
     */
    private static Doc doc(boolean fromNamed, ImageEndpoint.Pool pool, ImageEndpoint.Form form) {
        String side = switch (pool) {
            case PORTRAIT -> "a portrait picture";
            case LANDSCAPE -> "a landscape picture";
            case BY_DEVICE ->
                "a picture for the device (portrait on a phone, by Sec-CH-UA-Mobile or User-Agent; "
                        + "landscape elsewhere)";
        };
        String from = fromNamed ? " of the named pool" : "";
        boolean redirect = form == ImageEndpoint.Form.REDIRECT;
        Doc doc = Doc.of(
                (redirect ? "Redirect to " : "The link of ") + side.replaceFirst(" \\(.*", "") + from,
                (redirect ? "A redirect (302) to " : "The link, as text, of ") + side + ", at random" + from
                        + ", never cacheable; type=url or type=json gives the link as text or JSON instead. "
                        + "IMAGE_NO_REPEAT keeps a caller from seeing its last pictures again.");
        if (fromNamed) {
            doc = doc.path("name", "A pool of IMAGE_POOLS_DIR (NAME.txt).", Map.of("type", "string"));
        }
        if (redirect) {
            doc = doc.redirect("The picture, in Location.");
        }
        boolean examples = !fromNamed && pool == ImageEndpoint.Pool.LANDSCAPE;
        String link = "https://pan.example.com/d/image/desk/sea.jpg";
        doc = examples
                ? doc.text("type=url: the link.", "type=url", () -> link)
                        .json(
                                ImageEndpoint.PictureLink.class,
                                "type=json: the link.",
                                "type=json",
                                () -> new ImageEndpoint.PictureLink(link, 0, 0))
                : doc.text(redirect ? "type=url: the link." : "The link.")
                        .json(ImageEndpoint.PictureLink.class, "type=json: the link.");
        return doc.error(403, "IMAGE_REFERERS is set and the request's Referer names another site.")
                .error(
                        404,
                        fromNamed
                                ? "No pool of that name, or it has no picture of the shape asked for."
                                : "The pool has no picture of the shape asked for.");
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
