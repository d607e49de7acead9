package pocketapi.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.*;

import pocketapi.image.Referers;
import pocketapi.notify.Target;

/**
 * The service's configuration, read once at startup from environment variables and
 * {@code --kebab-case} flags (a flag wins over its variable), validated, then immutable. Each
 * field is its {@link Setting}'s value; an empty list or {@code Optional} is an unset (or off) one.
 */
public record Config(String host, int port, int maxConnections, Duration headerTimeout, Optional<Path> holidayDataDir,
                     List<URI> holidayUpdates, Duration holidayUpdateInterval, List<URI> holidayConfirm,
                     Duration holidayConfirmWait, Optional<Path> calendarsDir, Path holidayCacheDir,
                     Optional<String> publicUrl, List<String> trustedProxies, Optional<String> imageHost,
                     Optional<Path> poolPortrait, Optional<Path> poolLandscape, Optional<Path> poolsDir, int noRepeat,
                     Referers referers, Path statsFile,
                     Optional<RedisTarget> statsRedis, String statsRedisPrefix, Duration statsFlush, int statsMaxUsers,
                     int statsHistoryDays, int statsUserDays,
                     List<Target> notifyTargets, boolean accessLog) {

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
     * @param args flags as {@code --port 9000} or {@code --port=9000}
     * @throws ConfigException with one line per bad setting, naming it and what it accepts
     */
    public static Config parse(Map<String, String> env, List<String> args) throws ConfigException {
        Values v = new Values(env, args);
        Optional<String> imageHost = v.url(Setting.IMAGE_HOST, "https://img.example.com");
        if (imageHost.isPresent() && imageHost.get().endsWith("/d/image")) {
            // Links are IMAGE_HOST/d/image/<entry>: this one would give /d/image/d/image/ links.
            v.bad(Setting.IMAGE_HOST, "the host's base URL without /d/image (links are IMAGE_HOST/d/image/<entry>), e.g. "
                    + imageHost.get().substring(0, imageHost.get().length() - "/d/image".length()));
        }
        Config config = new Config(v.host(), v.number(Setting.PORT, 0, 65535),
                v.number(Setting.MAX_CONNECTIONS, 16, 100_000), v.seconds(Setting.HEADER_TIMEOUT_SECONDS, 1, 300),
                v.folder(Setting.HOLIDAY_DATA_DIR),
                v.urls(Setting.HOLIDAY_UPDATE_URL, "https://mirror.example.com/holiday-cn"),
                v.seconds(Setting.HOLIDAY_UPDATE_SECONDS, 10, 2_592_000),
                v.urls(Setting.HOLIDAY_CONFIRM_URL, "https://mirror.example.com/chinese-days/dist/years"),
                v.seconds(Setting.HOLIDAY_CONFIRM_WAIT_SECONDS, 0, 31_536_000), v.folder(Setting.CALENDARS_DIR),
                v.path(Setting.HOLIDAY_CACHE_DIR, true), v.url(Setting.PUBLIC_URL, "https://api.example.com"),
                v.proxies(), imageHost, v.pool(Setting.IMAGE_POOL_PORTRAIT, imageHost),
                v.pool(Setting.IMAGE_POOL_LANDSCAPE, imageHost), v.pool(Setting.IMAGE_POOLS_DIR, imageHost),
                v.number(Setting.IMAGE_NO_REPEAT, 0, 64), v.parsed(Setting.IMAGE_REFERERS, Referers::parse, Referers.parse("")),
                v.path(Setting.STATS_FILE, false), v.redis(),
                v.prefix(), v.seconds(Setting.STATS_FLUSH_SECONDS, 1, 86_400),
                v.number(Setting.STATS_MAX_USERS, 1, 5_000_000), v.number(Setting.STATS_HISTORY_DAYS, 0, 3_660),
                v.number(Setting.STATS_USER_DAYS, 1, 36_600), v.parsed(Setting.NOTIFY_URLS, Target::parseAll, List.of()),
                v.bool(Setting.ACCESS_LOG));
        v.done();
        return config;
    }

    /**
     * Creates the folders the service writes to (STATS_FILE's; HOLIDAY_CACHE_DIR while updates are on)
     * and tries a file in each, so that a place it may not write stops the start now, one line each.
     * @throws ConfigException naming each setting, folder and why
     */
    public void prepareFolders() throws ConfigException {
        Writable.check(this);
    }

    /** The settings' values as given, and every problem found in them: read them all, then {@link #done}. */
    private static final class Values {
        private final Map<Setting, String> raw = new EnumMap<>(Setting.class);
        private final List<String> problems = new ArrayList<>();

        Values(Map<String, String> env, List<String> args) {
            for (Setting s : Setting.values()) {
                raw.put(s, env.getOrDefault(s.name(), s.defaultValue()));
            }
            for (int i = 0; i < args.size(); i++) {
                String arg = args.get(i);
                int eq = arg.indexOf('=');
                String flag = eq < 0 ? arg : arg.substring(0, eq);
                Setting setting = null;
                for (Setting s : Setting.values()) {
                    setting = s.flag().equals(flag) ? s : setting;
                }
                if (setting == null) {
                    problems.add(flag + ": unknown option; --help lists the settings");
                    i += eq < 0 && i + 1 < args.size() && !args.get(i + 1).startsWith("--") ? 1 : 0;  // its value
                } else if (eq >= 0) {
                    raw.put(setting, arg.substring(eq + 1));
                } else if (i + 1 < args.size()) {
                    raw.put(setting, args.get(++i));
                } else {
                    problems.add(flag + ": a value is missing; write " + flag + " VALUE or " + flag + "=VALUE");
                }
            }
        }

        void done() throws ConfigException {
            if (!problems.isEmpty()) {
                throw new ConfigException(String.join("\n", problems));
            }
        }

        /** Quotes a refused value without the credentials a URL may hold; false. */
        boolean bad(Setting setting, String accepted) {
            String value = raw.get(setting).replaceAll("//[^/?#]*@", "//…@");
            return !problems.add(setting.name() + " (" + setting.flag() + "): \"" + value + "\" is not accepted; expected " + accepted);
        }

        int number(Setting setting, int min, int max) {
            long n = raw.get(setting).strip().matches("[0-9]{1,10}") ? Long.parseLong(raw.get(setting).strip()) : -1;
            if (n < min || n > max) {
                bad(setting, "a whole number from " + min + " to " + max);
            }
            return (int) n;
        }

        Duration seconds(Setting setting, int min, int max) {
            return Duration.ofSeconds(number(setting, min, max));
        }

        String host() {
            String v = raw.get(Setting.HOST).strip();
            if (v.isEmpty() || !v.matches("[A-Za-z0-9.:\\-\\[\\]%]+")) {
                bad(Setting.HOST, "an IP address or host name such as 0.0.0.0, 127.0.0.1 or ::");
            }
            return v;
        }

        boolean bool(Setting setting) {
            String v = raw.get(setting).strip().toLowerCase(Locale.ROOT);
            return v.equals("true") || !v.equals("false") && bad(setting, "true or false");
        }

        /** A file's path (not a folder), or a folder's that may not exist yet (not a file). */
        Path path(Setting setting, boolean folder) {
            String v = raw.get(setting).strip();
            try {
                Path path = Path.of(v);
                if (!v.isEmpty() && (folder ? !Files.isRegularFile(path) : path.getFileName() != null && !Files.isDirectory(path))) {
                    return path;
                }
            } catch (InvalidPathException e) {
                // said below
            }
            bad(setting, folder ? "the path of a folder such as data/holidays (created if missing)"
                    : "the path of a file such as data/stats.json (not a folder)");
            return Path.of("");
        }

        Optional<Path> folder(Setting setting) {
            String v = raw.get(setting).strip();
            try {
                if (v.isEmpty() || Files.isDirectory(Path.of(v)) && Files.isReadable(Path.of(v))) {
                    return v.isEmpty() ? Optional.empty() : Optional.of(Path.of(v));
                }
            } catch (InvalidPathException e) {
                // said below
            }
            bad(setting, "a readable folder");
            return Optional.empty();
        }

        /** {@code off}, or comma-separated absolute http(s) base URLs. */
        List<URI> urls(Setting setting, String example) {
            String v = raw.get(setting).strip();
            List<URI> urls = new ArrayList<>();
            for (String part : v.equalsIgnoreCase("off") ? new String[0] : v.split(",", -1)) {
                Optional<String> url = httpUrl(part);
                if (url.isEmpty()) {
                    bad(setting, "off, or comma-separated absolute http:// or https:// URLs without query or fragment, "
                            + "e.g. " + example);
                    return List.of();
                }
                urls.add(URI.create(url.get()));
            }
            return List.copyOf(urls);
        }

        /** Unset, or an absolute http(s) URL without query or fragment (a trailing slash is dropped). */
        Optional<String> url(Setting setting, String example) {
            String v = raw.get(setting);
            Optional<String> url = httpUrl(v);
            if (url.isEmpty() && !v.isBlank()) {
                bad(setting, "an absolute http:// or https:// URL without query or fragment, e.g. " + example);
            }
            return url;
        }

        /** An absolute http(s) URL with a host, a port 1-65535 if any, no credentials, query or fragment. */
        private static Optional<String> httpUrl(String value) {
            String v = value.strip();
            try {
                URI uri = new URI(v);
                String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
                if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null && uri.getRawQuery() == null
                        && uri.getRawFragment() == null && uri.getRawUserInfo() == null
                        && (uri.getPort() == -1 || uri.getPort() >= 1 && uri.getPort() <= 65535)) {
                    return Optional.of(v.replaceFirst("/+$", ""));
                }
            } catch (URISyntaxException e) {
                // not a URL
            }
            return Optional.empty();
        }

        Optional<RedisTarget> redis() {
            String v = raw.get(Setting.STATS_REDIS_URL);
            try {
                return v.isBlank() ? Optional.empty() : Optional.of(RedisTarget.parse(v));
            } catch (IllegalArgumentException e) {
                // The message must not repeat a password: say what is wrong, not what was given.
                problems.add(Setting.STATS_REDIS_URL.name() + " (" + Setting.STATS_REDIS_URL.flag() + "): is not accepted ("
                        + e.getMessage() + "); expected redis://[user:password@]host[:port][/db] or rediss:// for TLS");
                return Optional.empty();
            }
        }

        String prefix() {
            String v = raw.get(Setting.STATS_REDIS_PREFIX);
            if (!v.matches("[!-~]{1,100}")) {
                bad(Setting.STATS_REDIS_PREFIX, "1 to 100 printable ASCII characters without spaces, e.g. pocketapi:");
            }
            return v;
        }

        /** A value another package reads; its message says what is wrong, never quoting secrets. */
        <T> T parsed(Setting setting, java.util.function.Function<String, T> read, T absent) {
            try {
                return read.apply(raw.get(setting));
            } catch (IllegalArgumentException e) {
                e.getMessage().lines().forEach(line -> problems.add(setting.name() + " (" + setting.flag() + "): " + line));
                return absent;
            }
        }

        /** IP literals and CIDR ranges, as Jetty's InetAddressSet reads them (never a name: no DNS lookup). */
        List<String> proxies() {
            String v = raw.get(Setting.TRUSTED_PROXIES);
            List<String> entries = new ArrayList<>();
            for (String written : v.isBlank() ? new String[0] : v.split(",", -1)) {
                String entry = written.strip().replaceFirst("^\\[(.*)]$", "$1");
                String why = entry.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}(/[0-9]{1,3})?|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(/[0-9]{1,3})?") ? null
                        : "\"" + written.strip() + "\" is not an IP address or CIDR range";
                try {
                    new org.eclipse.jetty.util.InetAddressSet().add(entry);
                } catch (IllegalArgumentException e) {
                    why = why != null ? why : "\"" + written.strip() + "\": " + e.getMessage();
                }
                if (why != null) {
                    bad(Setting.TRUSTED_PROXIES, "comma-separated IP addresses and CIDR ranges such as 127.0.0.1/32,::1/128 ("
                            + why + ")");
                    return List.of();
                }
                entries.add(entry);
            }
            return List.copyOf(entries);
        }

        /** Pool files go with IMAGE_HOST: the samples are the only pictures the service serves itself. */
        Optional<Path> pool(Setting setting, Optional<String> imageHost) {
            String v = raw.get(setting);
            String name = setting.name() + " (" + setting.flag() + "): ";
            if (v.isBlank() && imageHost.isPresent() && setting != Setting.IMAGE_POOLS_DIR) {
                problems.add(name + "is required when IMAGE_HOST is set; expected the path of a pool file");
            } else if (!v.isBlank() && imageHost.isEmpty() && raw.get(Setting.IMAGE_HOST).isBlank()) {
                problems.add(name + "is set but IMAGE_HOST is not; pool entries are served from IMAGE_HOST, so set both");
            } else if (setting == Setting.IMAGE_POOLS_DIR) {
                return folder(setting);
            }
            return v.isBlank() ? Optional.empty() : Optional.of(Path.of(v.strip()));
        }
    }
}
