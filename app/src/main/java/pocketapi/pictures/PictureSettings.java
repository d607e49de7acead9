package pocketapi.pictures;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import pocketapi.config.Config;
import pocketapi.config.ConfigException;
import pocketapi.config.Setting;
import pocketapi.config.Values;

/**
 * The pictures' settings: the image host, the pools, who may show them. Each is an environment variable and a flag;
 * {@code --help} and the README's table list them in this order.
 */
public final class PictureSettings {
    public static final Setting<Optional<String>> IMAGE_HOST = Setting.of(
            "IMAGE_HOST",
            "",
            "absolute http(s):// URL of your image host, no query or fragment (a trailing / is dropped); links are "
                    + "IMAGE_HOST/d/image/<entry>. Unset: the bundled samples",
            v -> v.url("https://img.example.com"));
    public static final Setting<Optional<Path>> IMAGE_POOL_PORTRAIT = Setting.of(
            "IMAGE_POOL_PORTRAIT",
            "",
            "portrait pool file; required with IMAGE_HOST, refused without it",
            Values.Value::file);
    public static final Setting<Optional<Path>> IMAGE_POOL_LANDSCAPE = Setting.of(
            "IMAGE_POOL_LANDSCAPE",
            "",
            "landscape pool file; required with IMAGE_HOST, refused without it",
            Values.Value::file);
    public static final Setting<Optional<Path>> IMAGE_POOLS_DIR = Setting.of(
            "IMAGE_POOLS_DIR",
            "",
            "a folder of named pools NAME.txt (NAME.portrait.txt, NAME.landscape.txt), served as /img/NAME; "
                    + "re-read every "
                    + "2 s while running; needs IMAGE_HOST (docs/pictures.md)",
            Values.Value::folder);
    public static final Setting<Integer> IMAGE_NO_REPEAT = Setting.of(
            "IMAGE_NO_REPEAT",
            "0",
            "0–64: a user is not given any of its last K pictures of a pool again while the pool has more "
                    + "than K (20,000 "
                    + "users remembered at most; a newcomer takes the place of one seen long ago)",
            v -> v.number(0, 64));
    public static final Setting<List<String>> IMAGE_REFERERS = Setting.of(
            "IMAGE_REFERERS",
            "",
            "comma-separated hosts whose pages may show the pictures (*.example.com for subdomains); a request whose "
                    + "Referer names another host is refused with 403, one without a Referer is not. Unset: any",
            Values.Value::hosts);

    /** In the order of --help and the README's table. */
    public static final List<Setting<?>> ALL = List.of(
            IMAGE_HOST, IMAGE_POOL_PORTRAIT, IMAGE_POOL_LANDSCAPE, IMAGE_POOLS_DIR, IMAGE_NO_REPEAT, IMAGE_REFERERS);

    private PictureSettings() {}

    /**
     * The pictures' settings together: IMAGE_HOST is the host's base URL, and the pool files go with it (the samples
     * are the only pictures the service serves itself); every problem one line.
     */
    public static void check(Config config) throws ConfigException {
        List<String> problems = new ArrayList<>();
        Optional<String> host = config.get(IMAGE_HOST);
        if (host.isPresent() && host.get().endsWith("/d/image")) {
            // Links are IMAGE_HOST/d/image/<entry>: this one would give /d/image/d/image/ links.
            problems.add(IMAGE_HOST.name() + " (" + IMAGE_HOST.flag() + "): \""
                    + config.given(IMAGE_HOST).replaceAll("//[^/?#]*@", "//…@")
                    + "\" is not accepted; expected the host's base URL without /d/image "
                    + "(links are IMAGE_HOST/d/image/<entry>), e.g. "
                    + host.get().substring(0, host.get().length() - "/d/image".length()));
        }
        boolean given = !config.given(IMAGE_HOST).isBlank();
        for (Setting<Optional<Path>> pool : List.of(IMAGE_POOL_PORTRAIT, IMAGE_POOL_LANDSCAPE, IMAGE_POOLS_DIR)) {
            String at = pool.name() + " (" + pool.flag() + "): ";
            if (config.get(pool).isEmpty() && host.isPresent() && pool != IMAGE_POOLS_DIR) {
                problems.add(at + "is required when IMAGE_HOST is set; expected the path of a pool file");
            } else if (!config.given(pool).isBlank() && !given) {
                problems.add(at + "is set but IMAGE_HOST is not; pool entries are served from IMAGE_HOST, so set both");
            }
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(String.join("\n", problems));
        }
    }
}
