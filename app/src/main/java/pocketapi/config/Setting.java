package pocketapi.config;

import java.util.Locale;

/**
 * Every setting of the service: read from the environment variable {@link #name()}, or from the
 * flag {@link #flag()}, which wins. The table is printed by {@code --help} and in the README.
 */
public enum Setting {
    PORT("8080", "TCP port to listen on, 0-65535 (0 picks a free port)"),
    HOST("0.0.0.0", "address to bind, e.g. 127.0.0.1 to accept local connections only"),
    HOLIDAY_DATA_DIR("", "folder of extra YYYY.json holiday years (holiday-cn format); empty: built-in 2020-2026 only"),
    HOLIDAY_UPDATE_URL("https://raw.githubusercontent.com/NateScarlet/holiday-cn/master,"
            + "https://cdn.jsdelivr.net/gh/NateScarlet/holiday-cn@master",
            "comma-separated base URLs of holiday-cn's files, tried in order (year Y is <base>/Y.json); off: no automatic updates"),
    HOLIDAY_UPDATE_SECONDS("21600", "seconds between holiday update checks, 10-2592000 (21600: every 6 hours)"),
    HOLIDAY_CONFIRM_URL("https://cdn.jsdelivr.net/npm/chinese-days/dist/years,https://unpkg.com/chinese-days/dist/years",
            "comma-separated base URLs of chinese-days' per-year files, tried in order (year Y is <base>/Y.json): "
                    + "a fetched change is served only when this second source gives every date the same status; "
                    + "off: serve holiday-cn's changes unconfirmed"),
    HOLIDAY_CONFIRM_WAIT_SECONDS("604800", "seconds a year new to the service waits for the confirming source to "
            + "publish it before it is served unconfirmed with a warning, 0-31536000 (604800: 7 days; 0: at once)"),
    HOLIDAY_CACHE_DIR("data/holidays", "folder where fetched holiday years are kept across restarts; created if missing"),
    PUBLIC_URL("", "absolute http(s) URL of this service as clients reach it, e.g. https://api.example.com; "
            + "links to the bundled samples use it instead of the request's Host header (set it in production)"),
    TRUSTED_PROXIES("", "comma-separated addresses and CIDR ranges of your reverse proxies, e.g. 127.0.0.1/32,::1/128; "
            + "CF-Connecting-IP and X-Forwarded-For then count only from them; empty: from anyone"),
    IMAGE_HOST("", "absolute http(s) URL of the image host; links are IMAGE_HOST/d/image/<entry>; empty: serve the bundled samples"),
    IMAGE_POOL_PORTRAIT("", "portrait pool file, one picture path per line (required with IMAGE_HOST)"),
    IMAGE_POOL_LANDSCAPE("", "landscape pool file, one picture path per line (required with IMAGE_HOST)"),
    STATS_FILE("data/stats.json", "where the counters are kept; the folder is created if missing (with "
            + "STATS_REDIS_URL: the file store's counters to import once; unconfirmed calls and the last totals "
            + "read go beside it, to <name>.redis-pending.json and <name>.redis-base.json)"),
    STATS_REDIS_URL("", "redis://[user:password@]host[:port][/db] (rediss:// for TLS): keep the counters in Redis, "
            + "shared by every instance pointed at it; empty: in STATS_FILE"),
    STATS_REDIS_PREFIX("pocketapi:", "prefix of every Redis key, so several sites can share one Redis"),
    STATS_FLUSH_SECONDS("10", "seconds between saves of changed counters (with STATS_REDIS_URL: of calls Redis has "
            + "not confirmed, while it is away), 1-86400; a crash loses at most this much"),
    STATS_MAX_USERS("100000", "users tracked at most, 1-5000000; past that the least recently seen is dropped"),
    ACCESS_LOG("false", "true: log one line per request: client address, method, path and query, status, "
            + "time taken, user id (client-supplied text escaped)");

    private final String defaultValue;
    private final String help;

    Setting(String defaultValue, String help) {
        this.defaultValue = defaultValue;
        this.help = help;
    }

    /** The command-line form, e.g. {@code --holiday-data-dir}. */
    public String flag() {
        return "--" + name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The value used when neither the variable nor the flag is given ({@code ""}: unset). */
    public String defaultValue() {
        return defaultValue;
    }

    public String help() {
        return help;
    }
}
