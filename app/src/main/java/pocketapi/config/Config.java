package pocketapi.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import pocketapi.http.TrustedProxies;

/**
 * The service's configuration, read once at startup from environment variables and
 * {@code --kebab-case} flags (a flag wins over its variable), validated, then immutable.
 *
 * @param maxConnections how many connections are held at once at most
 * @param headerTimeout  how long a client has to send a request's headers
 * @param holidayDataDir a folder of extra holiday years, if configured
 * @param holidayUpdates base URLs to fetch holiday years from, in order; empty: no automatic updates
 * @param holidayUpdateInterval how often the holiday years are fetched
 * @param holidayConfirm base URLs of the confirming source (chinese-days), in order; empty: changes are not cross-checked
 * @param holidayConfirmWait how long a new year waits for the confirming source before it is served unconfirmed
 * @param calendarsDir   a folder of named calendars of one's own, if configured
 * @param holidayCacheDir where fetched holiday years are kept
 * @param publicUrl      the service's own base URL as clients reach it, without a trailing slash, if configured
 * @param trustedProxies the peers whose forwarding headers are believed (unset: everyone's)
 * @param imageHost      the image host's base URL without a trailing slash; empty: serve the samples
 * @param poolPortrait   the portrait pool file; present exactly when {@code imageHost} is
 * @param poolLandscape  the landscape pool file; present exactly when {@code imageHost} is
 * @param statsFile      where the counters are kept (in Redis mode: counts that could not be written)
 * @param statsRedis     the Redis that keeps the counters, shared by several instances, if configured
 * @param statsRedisPrefix the prefix of every Redis key
 * @param statsFlush     how often changed counters are saved
 * @param statsMaxUsers  how many users are tracked at most
 * @param accessLog      whether every request is logged
 */
public record Config(String host, int port, int maxConnections, Duration headerTimeout, Optional<Path> holidayDataDir, List<URI> holidayUpdates,
                     Duration holidayUpdateInterval, List<URI> holidayConfirm, Duration holidayConfirmWait,
                     Optional<Path> calendarsDir, Path holidayCacheDir, Optional<String> publicUrl,
                     TrustedProxies trustedProxies, Optional<String> imageHost,
                     Optional<Path> poolPortrait, Optional<Path> poolLandscape,
                     Path statsFile, Optional<RedisTarget> statsRedis, String statsRedisPrefix, Duration statsFlush,
                     int statsMaxUsers, boolean accessLog) {

    /** The built-in defaults, as a user gets them with no configuration at all. */
    public static Config defaults() {
        try {
            return parse(Map.of(), List.of());
        } catch (ConfigException e) {
            throw new IllegalStateException("the defaults must be valid", e);
        }
    }

    /**
     * Reads every {@link Setting} from {@code env} and {@code args}.
     *
     * @param args flags as {@code --port 9000} or {@code --port=9000}
     * @throws ConfigException naming the first bad setting and what it accepts
     */
    public static Config parse(Map<String, String> env, List<String> args) throws ConfigException {
        Map<Setting, String> raw = new EnumMap<>(Setting.class);
        for (Setting s : Setting.values()) {
            raw.put(s, env.getOrDefault(s.name(), s.defaultValue()));
        }
        readFlags(args, raw);
        Optional<String> imageHost = optionalUrl(Setting.IMAGE_HOST, raw.get(Setting.IMAGE_HOST),
                "https://img.example.com");
        if (imageHost.isPresent() && imageHost.get().replaceFirst("/+$", "").endsWith("/d/image")) {
            // Links are IMAGE_HOST/d/image/<entry>: this one would give /d/image/d/image/ links.
            throw bad(Setting.IMAGE_HOST, raw.get(Setting.IMAGE_HOST), "the host's base URL without /d/image (links are "
                    + "IMAGE_HOST/d/image/<entry>), e.g. " + imageHost.get().substring(0, imageHost.get().length()
                    - "/d/image".length()));
        }
        Optional<Path> portrait = poolFile(Setting.IMAGE_POOL_PORTRAIT, raw, imageHost);
        Optional<Path> landscape = poolFile(Setting.IMAGE_POOL_LANDSCAPE, raw, imageHost);
        return new Config(
                host(raw.get(Setting.HOST)),
                port(raw.get(Setting.PORT)),
                intIn(Setting.MAX_CONNECTIONS, raw.get(Setting.MAX_CONNECTIONS), 16, 100_000),
                Duration.ofSeconds(intIn(Setting.HEADER_TIMEOUT_SECONDS, raw.get(Setting.HEADER_TIMEOUT_SECONDS), 1, 300)),
                directory(Setting.HOLIDAY_DATA_DIR, raw.get(Setting.HOLIDAY_DATA_DIR)),
                baseUrls(Setting.HOLIDAY_UPDATE_URL, raw.get(Setting.HOLIDAY_UPDATE_URL), "https://mirror.example.com/holiday-cn"),
                Duration.ofSeconds(intIn(Setting.HOLIDAY_UPDATE_SECONDS, raw.get(Setting.HOLIDAY_UPDATE_SECONDS), 10, 2_592_000)),
                baseUrls(Setting.HOLIDAY_CONFIRM_URL, raw.get(Setting.HOLIDAY_CONFIRM_URL),
                        "https://mirror.example.com/chinese-days/dist/years"),
                Duration.ofSeconds(intIn(Setting.HOLIDAY_CONFIRM_WAIT_SECONDS, raw.get(Setting.HOLIDAY_CONFIRM_WAIT_SECONDS),
                        0, 31_536_000)),
                directory(Setting.CALENDARS_DIR, raw.get(Setting.CALENDARS_DIR)),
                folderPath(Setting.HOLIDAY_CACHE_DIR, raw.get(Setting.HOLIDAY_CACHE_DIR)),
                optionalUrl(Setting.PUBLIC_URL, raw.get(Setting.PUBLIC_URL), "https://api.example.com"),
                trustedProxies(raw.get(Setting.TRUSTED_PROXIES)),
                imageHost, portrait, landscape,
                statsFile(raw.get(Setting.STATS_FILE)),
                redis(raw.get(Setting.STATS_REDIS_URL)),
                prefix(raw.get(Setting.STATS_REDIS_PREFIX)),
                Duration.ofSeconds(intIn(Setting.STATS_FLUSH_SECONDS, raw.get(Setting.STATS_FLUSH_SECONDS), 1, 86_400)),
                intIn(Setting.STATS_MAX_USERS, raw.get(Setting.STATS_MAX_USERS), 1, 5_000_000),
                bool(Setting.ACCESS_LOG, raw.get(Setting.ACCESS_LOG)));
    }

    private static void readFlags(List<String> args, Map<Setting, String> raw) throws ConfigException {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            int eq = arg.indexOf('=');
            String flag = eq < 0 ? arg : arg.substring(0, eq);
            Setting setting = settingForFlag(flag);
            if (eq >= 0) {
                raw.put(setting, arg.substring(eq + 1));
            } else if (i + 1 < args.size()) {
                raw.put(setting, args.get(++i));
            } else {
                throw new ConfigException(flag + ": a value is missing; write " + flag + " VALUE or " + flag + "=VALUE");
            }
        }
    }

    private static Setting settingForFlag(String flag) throws ConfigException {
        for (Setting s : Setting.values()) {
            if (s.flag().equals(flag)) {
                return s;
            }
        }
        throw new ConfigException(flag + ": unknown option; --help lists the settings");
    }

    private static int port(String value) throws ConfigException {
        return intIn(Setting.PORT, value, 0, 65535);
    }

    static int intIn(Setting setting, String value, int min, int max) throws ConfigException {
        String v = value.strip();
        if (v.matches("[0-9]{1,10}")) {
            long n = Long.parseLong(v);
            if (n >= min && n <= max) {
                return (int) n;
            }
        }
        throw bad(setting, value, "a whole number from " + min + " to " + max);
    }

    private static String host(String value) throws ConfigException {
        String v = value.strip();
        if (v.isEmpty() || !v.matches("[A-Za-z0-9.:\\-\\[\\]%]+")) {
            throw bad(Setting.HOST, value, "an IP address or host name such as 0.0.0.0, 127.0.0.1 or ::");
        }
        return v;
    }

    private static boolean bool(Setting setting, String value) throws ConfigException {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw bad(setting, value, "true or false");
        };
    }

    /**
     * Creates the folders the service writes to (STATS_FILE's, HOLIDAY_CACHE_DIR) when missing and
     * tries a file in each, so that a place the service may not write stops the start now, with one
     * line, rather than failing every save later. Called once by Main, after {@link #parse}.
     *
     * @throws ConfigException naming the setting, the folder and why
     */
    public void prepareFolders() throws ConfigException {
        writable(Setting.STATS_FILE, statsFile.toAbsolutePath().getParent(), statsFile.toString(),
                "a file in a folder pocketapi may write, e.g. /var/lib/pocketapi/stats.json (the unit's state folder)");
        writable(Setting.HOLIDAY_CACHE_DIR, holidayCacheDir.toAbsolutePath(), holidayCacheDir.toString(),
                "a folder pocketapi may write, e.g. /var/lib/pocketapi/holidays (the unit's state folder)");
    }

    private static void writable(Setting setting, Path dir, String value, String accepted) throws ConfigException {
        String why;
        try {
            Files.createDirectories(dir);
            // Not Files.createTempFile: its random name seeds a SecureRandom, tens of ms at start-up.
            Path probe = dir.resolve(".pocketapi-probe-" + ProcessHandle.current().pid());
            Files.deleteIfExists(probe);
            Files.delete(Files.createFile(probe));
            return;
        } catch (java.nio.file.FileAlreadyExistsException e) {
            why = e.getFile() + " is a file, not a folder";
        } catch (java.nio.file.AccessDeniedException e) {
            why = "no permission to write in " + dir;
        } catch (java.nio.file.FileSystemException e) {
            why = (e.getReason() == null ? "cannot write in " + dir : e.getReason().toLowerCase(Locale.ROOT)
                    + ": " + (e.getFile() == null ? dir : e.getFile()));
        } catch (java.io.IOException | RuntimeException e) {
            why = "cannot write in " + dir + " (" + e.getMessage() + ")";
        }
        throw new ConfigException(setting.name() + " (" + setting.flag() + "): \"" + value + "\" cannot be written ("
                + why + "); expected " + accepted);
    }

    private static Path statsFile(String value) throws ConfigException {
        String v = value.strip();
        try {
            Path path = Path.of(v);
            if (!v.isEmpty() && path.getFileName() != null && !Files.isDirectory(path)) {
                return path;
            }
        } catch (InvalidPathException e) {
            // reported below
        }
        throw bad(Setting.STATS_FILE, value, "the path of a file such as data/stats.json (not a folder)");
    }

    private static Optional<Path> directory(Setting setting, String value) throws ConfigException {
        if (value.isBlank()) {
            return Optional.empty();
        }
        Path path = Path.of(value.strip());
        if (!Files.isDirectory(path) || !Files.isReadable(path)) {
            throw bad(setting, value, "a readable folder");
        }
        return Optional.of(path);
    }

    /** {@code off}, or comma-separated absolute http(s) base URLs. */
    private static List<URI> baseUrls(Setting setting, String value, String example) throws ConfigException {
        String v = value.strip();
        if (v.equalsIgnoreCase("off")) {
            return List.of();
        }
        List<URI> urls = new java.util.ArrayList<>();
        for (String part : v.split(",", -1)) {
            Optional<String> url = httpUrl(part);
            if (url.isEmpty()) {
                throw bad(setting, value, "off, or comma-separated absolute http:// or https:// "
                        + "URLs without query or fragment, e.g. " + example);
            }
            urls.add(URI.create(url.get()));
        }
        return List.copyOf(urls);
    }

    /** A path for a folder that may not exist yet (but is not a file). */
    private static Path folderPath(Setting setting, String value) throws ConfigException {
        String v = value.strip();
        try {
            Path path = Path.of(v);
            if (!v.isEmpty() && !Files.isRegularFile(path)) {
                return path;
            }
        } catch (InvalidPathException e) {
            // reported below
        }
        throw bad(setting, value, "the path of a folder such as data/holidays (created if missing)");
    }

    /** An absolute http(s) URL with a host and no query or fragment, without a trailing slash. */
    private static Optional<String> httpUrl(String value) {
        String v = value.strip();
        try {
            URI uri = new URI(v);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null
                    && uri.getRawQuery() == null && uri.getRawFragment() == null && uri.getRawUserInfo() == null) {
                return Optional.of(v.replaceFirst("/+$", ""));
            }
        } catch (URISyntaxException e) {
            // not a URL
        }
        return Optional.empty();
    }

    private static Optional<RedisTarget> redis(String value) throws ConfigException {
        if (value.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(RedisTarget.parse(value));
        } catch (IllegalArgumentException e) {
            // The message must not repeat a password: say what is wrong, not what was given.
            throw new ConfigException(Setting.STATS_REDIS_URL.name() + " (" + Setting.STATS_REDIS_URL.flag()
                    + "): is not accepted (" + e.getMessage() + "); expected redis://[user:password@]host[:port][/db] "
                    + "or rediss:// for TLS");
        }
    }

    private static String prefix(String value) throws ConfigException {
        if (value.matches("[!-~]{1,100}")) {
            return value;
        }
        throw bad(Setting.STATS_REDIS_PREFIX, value, "1 to 100 printable ASCII characters without spaces, e.g. pocketapi:");
    }

    private static TrustedProxies trustedProxies(String value) throws ConfigException {
        if (value.isBlank()) {
            return TrustedProxies.unset();
        }
        try {
            return TrustedProxies.parse(value);
        } catch (IllegalArgumentException e) {
            throw bad(Setting.TRUSTED_PROXIES, value, "comma-separated IP addresses and CIDR ranges such as "
                    + "127.0.0.1/32,::1/128 (" + e.getMessage() + ")");
        }
    }

    /** Unset, or an absolute http(s) URL without query or fragment (a trailing slash is dropped). */
    private static Optional<String> optionalUrl(Setting setting, String value, String example) throws ConfigException {
        if (value.isBlank()) {
            return Optional.empty();
        }
        Optional<String> url = httpUrl(value);
        if (url.isPresent()) {
            return url;
        }
        throw bad(setting, value, "an absolute http:// or https:// URL without query or fragment, e.g. " + example);
    }

    /** Pool files go with IMAGE_HOST: the samples are the only pictures the service serves itself. */
    private static Optional<Path> poolFile(Setting setting, Map<Setting, String> raw, Optional<String> imageHost)
            throws ConfigException {
        String value = raw.get(setting);
        if (value.isBlank() && imageHost.isPresent()) {
            throw new ConfigException(setting.name() + " (" + setting.flag()
                    + "): is required when IMAGE_HOST is set; expected the path of a pool file");
        }
        if (!value.isBlank() && imageHost.isEmpty()) {
            throw new ConfigException(setting.name() + " (" + setting.flag()
                    + "): is set but IMAGE_HOST is not; pool entries are served from IMAGE_HOST, so set both");
        }
        return value.isBlank() ? Optional.empty() : Optional.of(Path.of(value.strip()));
    }

    static ConfigException bad(Setting setting, String value, String accepted) {
        return new ConfigException(setting.name() + " (" + setting.flag() + "): \"" + value
                + "\" is not accepted; expected " + accepted);
    }
}
