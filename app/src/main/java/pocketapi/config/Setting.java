package pocketapi.config;

import java.util.Locale;

/**
 * Every setting of the service: read from the environment variable {@link #name()}, or from the
 * flag {@link #flag()}, which wins. The table is printed by {@code --help} and in the README.
 */
public enum Setting {
    PORT("8080",
            "TCP port, 0–65535 (0 picks a free port; the startup log line shows it)"),
    HOST("0.0.0.0",
            "address to bind; 127.0.0.1 accepts local connections only"),
    MAX_CONNECTIONS("1000",
            "connections held at once at most, 16–100000; further ones wait in the listen queue. "
            + "Lowered (with a warning) to what the open-file limit allows, less the files open at start and a quarter of the rest (at least 64)"),
    HEADER_TIMEOUT_SECONDS("10",
            "seconds a client has to send a request's headers (from connecting, or from the first byte "
            + "of a later request on a kept-alive connection), 1–300; a slower one is disconnected. "
            + "1 s at most while MAX_CONNECTIONS is reached"),
    HOLIDAY_DATA_DIR("",
            "a folder of YYYY.json holiday years of your own; they win over every other source"),
    HOLIDAY_UPDATE_URL("https://raw.githubusercontent.com/NateScarlet/holiday-cn/master,https://cdn.jsdelivr.net/gh/NateScarlet/holiday-cn@master",
            "comma-separated base URLs tried in order; year Y is fetched from <base>/Y.json. off: no "
            + "automatic updates"),
    HOLIDAY_UPDATE_SECONDS("21600",
            "seconds between update checks (6 hours), 10–2592000"),
    HOLIDAY_CONFIRM_URL("https://cdn.jsdelivr.net/npm/chinese-days/dist/years,https://unpkg.com/chinese-days/dist/years",
            "comma-separated base URLs of the confirming source, chinese-days' per-year files, tried "
            + "in order (year Y is <base>/Y.json): a fetched change is served only when it agrees (README: "
            + "Keeping holiday data current). off: holiday-cn's changes are served unconfirmed"),
    HOLIDAY_CONFIRM_WAIT_SECONDS("604800",
            "seconds a year new to the service waits for the confirming source to publish it before "
            + "it is served unconfirmed (with a warning), 0–31536000; 7 days by default, 0 serves at "
            + "once. The wait survives restarts"),
    CALENDARS_DIR("",
            "a folder of NAME.json calendars of your own (a week rule and days of their own), chosen with "
            + "calendar=NAME; re-read every 2 s while running (README: Your own calendar)"),
    HOLIDAY_CACHE_DIR("data/holidays",
            "where fetched years are kept across restarts (relative to the working folder; created if "
            + "missing)"),
    PUBLIC_URL("",
            "absolute http(s):// URL of the service as clients reach it (https://api.example.com); "
            + "links to the bundled samples use it whatever the Host header says. Set it in production"),
    TRUSTED_PROXIES("",
            "comma-separated addresses and CIDR ranges (IPv4, IPv6) of your reverse proxies, e.g. "
            + "127.0.0.1/32,::1/128; CF-Connecting-IP and X-Forwarded-For then count only from them. "
            + "Unset: from anyone"),
    IMAGE_HOST("",
            "absolute http(s):// URL of your image host, no query or fragment (a trailing / is "
            + "dropped); links are IMAGE_HOST/d/image/<entry>. Unset: the bundled samples"),
    IMAGE_POOL_PORTRAIT("",
            "portrait pool file; required with IMAGE_HOST, refused without it"),
    IMAGE_POOL_LANDSCAPE("",
            "landscape pool file; required with IMAGE_HOST, refused without it"),
    IMAGE_POOLS_DIR("",
            "a folder of named pools NAME.txt (NAME.portrait.txt, NAME.landscape.txt), served as /img/NAME; re-read "
            + "every 2 s while running; needs IMAGE_HOST (README: Named pools)"),
    IMAGE_NO_REPEAT("0",
            "0–64: a user is not given any of its last K pictures of a pool again while the pool has more than K "
            + "(20,000 users remembered at most; a newcomer takes the place of one seen long ago)"),
    IMAGE_REFERERS("",
            "comma-separated hosts whose pages may show the pictures (*.example.com for subdomains); a request whose "
            + "Referer names another host is refused with 403, one without a Referer is not. Unset: any"),
    STATS_FILE("data/stats.json",
            "where the counters are kept (relative to the working folder), with stats.json.log beside "
            + "it; with STATS_REDIS_URL, this instance's own counts"),
    STATS_REDIS_URL("",
            "redis://[user:password@]host[:port][/db], or rediss:// for TLS: counters shared through "
            + "Redis (or Valkey) by every instance pointed at it. Unset: this instance's STATS_FILE alone"),
    STATS_REDIS_PREFIX("pocketapi:",
            "prefix of every Redis key, so several sites can share one Redis"),
    STATS_FLUSH_SECONDS("10",
            "seconds between saves of what changed to STATS_FILE, 1–86400: a crash loses at most this much"),
    STATS_MAX_USERS("100000",
            "users tracked at most, 1–5000000, and no more than the heap holds (a start that cannot hold them says how many "
            + "it can): 48 bytes a user, 76 while a save runs (README: Memory)"),
    STATS_HISTORY_DAYS("400",
            "UTC+8 days of the site's calls per day kept (/api/info/history), 0–3660; 0: none"),
    STATS_USER_DAYS("90",
            "days a user not seen since is forgotten, 1–36600: the counters keep a user only as a keyed hash of its id, "
            + "and only this long (README: What is kept)"),
    NOTIFY_URLS("",
            "comma-separated targets told when next year is out and on the evening before a day that breaks "
            + "the week: FORMAT+URL, FORMAT one of webhook, ntfy, bark, wecom, dingtalk, feishu; options in the "
            + "URL's fragment: #events=year,eve,ending&week=6&at=20:00&lang=en (README: Notifications). Unset: none"),
    ACCESS_LOG("false",
            "true: one log line per request: client address, method, path and query, status, time "
            + "taken, user id in quotes; every character a client wrote that is not printable ASCII "
            + "appears as \\uXXXX");

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
