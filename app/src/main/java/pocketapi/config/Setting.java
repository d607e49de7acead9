package pocketapi.config;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Every setting of the service, declared once: its name (the environment variable), its
 * {@link #flag()}, its default, its help (printed by {@code --help} and in the README's table, a
 * test keeps the two the same) and how its value is read ({@link Values}: the reading says what is
 * accepted when it is not). A {@link Config} is read by setting: {@code config.get(Setting.PORT)}.
 */
public final class Setting<T> {
    private static final List<Setting<?>> ALL = new ArrayList<>();

    public static final Setting<Integer> PORT = new Setting<>("PORT", "8080",
            "TCP port, 0–65535 (0 picks a free port; the startup log line shows it)", v -> v.number(0, 65535));
    public static final Setting<String> HOST = new Setting<>("HOST", "0.0.0.0",
            "address to bind; 127.0.0.1 accepts local connections only", Values.Value::host);
    public static final Setting<Integer> MAX_CONNECTIONS = new Setting<>("MAX_CONNECTIONS", "1000",
            "connections held at once at most, 16–100000; further ones wait in the listen queue. Lowered (with a warning) "
            + "to what the open-file limit allows, less the files open at start and a quarter of the rest (at least 64)",
            v -> v.number(16, 100_000));
    public static final Setting<Duration> HEADER_TIMEOUT_SECONDS = new Setting<>("HEADER_TIMEOUT_SECONDS", "10",
            "seconds a client has to send a request's headers (from connecting, or from the first byte of a later request "
            + "on a kept-alive connection), 1–300; a slower one is disconnected. 1 s at most while MAX_CONNECTIONS is reached",
            v -> v.seconds(1, 300));
    public static final Setting<Optional<Path>> HOLIDAY_DATA_DIR = new Setting<>("HOLIDAY_DATA_DIR", "",
            "a folder of YYYY.json holiday years of your own; they win over every other source", Values.Value::folder);
    public static final Setting<List<URI>> HOLIDAY_UPDATE_URL = new Setting<>("HOLIDAY_UPDATE_URL",
            "https://raw.githubusercontent.com/NateScarlet/holiday-cn/master,https://cdn.jsdelivr.net/gh/NateScarlet/holiday-cn@master",
            "comma-separated base URLs tried in order; year Y is fetched from <base>/Y.json. off: no automatic updates",
            v -> v.urls("https://mirror.example.com/holiday-cn"));
    public static final Setting<Duration> HOLIDAY_UPDATE_SECONDS = new Setting<>("HOLIDAY_UPDATE_SECONDS", "21600",
            "seconds between update checks (6 hours), 10–2592000", v -> v.seconds(10, 2_592_000));
    public static final Setting<List<URI>> HOLIDAY_CONFIRM_URL = new Setting<>("HOLIDAY_CONFIRM_URL",
            "https://cdn.jsdelivr.net/npm/chinese-days/dist/years,https://unpkg.com/chinese-days/dist/years",
            "comma-separated base URLs of the confirming source, chinese-days' per-year files, tried in order (year Y is "
            + "<base>/Y.json): a fetched change is served only when it agrees (README: Keeping holiday data current). "
            + "off: a new year is served as fetched, and a year already served never changes", v -> v.urls("https://mirror.example.com/chinese-days/dist/years"));
    public static final Setting<Duration> HOLIDAY_CONFIRM_WAIT_SECONDS = new Setting<>("HOLIDAY_CONFIRM_WAIT_SECONDS",
            "604800", "seconds a year new to the service waits for the confirming source to publish it before it is served "
            + "unconfirmed (with a warning), 0–31536000; 7 days by default, 0 serves at once. The wait survives restarts",
            v -> v.seconds(0, 31_536_000));
    public static final Setting<List<URI>> HK_UPDATE_URL = new Setting<>("HK_UPDATE_URL",
            "https://www.1823.gov.hk/common/ical/tc.json,https://cdn.jsdelivr.net/gh/mathsgod/holiday-data/data/tc.json",
            "comma-separated URLs of Hong Kong's list of general holidays (1823.gov.hk's tc.json, or a mirror's), tried in "
            + "order once region=hk has been asked for; a new year is confirmed by the General Holidays Ordinance's rules. "
            + "off: Hong Kong's built-in years only", v -> v.urls("https://mirror.example.com/hk/tc.json"));
    public static final Setting<List<URI>> TW_UPDATE_URL = new Setting<>("TW_UPDATE_URL",
            "https://cdn.jsdelivr.net/gh/ruyut/TaiwanCalendar/data",
            "comma-separated base URLs of Taiwan's office calendar as ruyut/TaiwanCalendar has it (year Y is <base>/Y.json), "
            + "tried in order once region=tw has been asked for. off: Taiwan's built-in years only",
            v -> v.urls("https://mirror.example.com/TaiwanCalendar/data"));
    public static final Setting<List<URI>> TW_CONFIRM_URL = new Setting<>("TW_CONFIRM_URL",
            "https://cdn.jsdelivr.net/gh/imsyuan/taiwan-holidays/data",
            "comma-separated base URLs of the confirming source for Taiwan, imsyuan/taiwan-holidays (<base>/Y/holidays.json "
            + "and makeup-workdays.json): a new year is served at once when it lists the same days, else after "
            + "HOLIDAY_CONFIRM_WAIT_SECONDS; a change to a year already served only when it does. off: new years after the "
            + "wait, and a year already served never changes", v -> v.urls("https://mirror.example.com/taiwan-holidays/data"));
    public static final Setting<List<URI>> MO_UPDATE_URL = new Setting<>("MO_UPDATE_URL",
            "https://www.gov.mo/zh-hant/public-holidays/ical/",
            "comma-separated URLs of Macau's public holidays as an iCalendar (gov.mo's), tried in order once region=mo has "
            + "been asked for; a new year is confirmed by Ordem Executiva 60/2000's rules, the civil service's days left out. "
            + "off: Macau's built-in years only", v -> v.urls("https://mirror.example.com/mo/holidays.ics"));
    public static final Setting<Optional<Path>> CALENDARS_DIR = new Setting<>("CALENDARS_DIR", "",
            "a folder of NAME.json calendars of your own (a week rule and days of their own), chosen with calendar=NAME; "
            + "re-read every 2 s while running (README: Your own calendar)", Values.Value::folder);
    public static final Setting<Path> HOLIDAY_CACHE_DIR = new Setting<>("HOLIDAY_CACHE_DIR", "data/holidays",
            "where fetched years are kept across restarts (relative to the working folder; created if missing)",
            v -> v.path(true));
    public static final Setting<Optional<String>> PUBLIC_URL = new Setting<>("PUBLIC_URL", "",
            "absolute http(s):// URL of the service as clients reach it (https://api.example.com); links to the bundled "
            + "samples use it whatever the Host header says. Set it in production", v -> v.url("https://api.example.com"));
    public static final Setting<List<String>> TRUSTED_PROXIES = new Setting<>("TRUSTED_PROXIES", "",
            "comma-separated addresses and CIDR ranges (IPv4, IPv6) of your reverse proxies, e.g. 127.0.0.1/32,::1/128; "
            + "CF-Connecting-IP and X-Forwarded-For then count only from them. Unset: from anyone", Values.Value::proxies);
    public static final Setting<Optional<String>> IMAGE_HOST = new Setting<>("IMAGE_HOST", "",
            "absolute http(s):// URL of your image host, no query or fragment (a trailing / is dropped); links are "
            + "IMAGE_HOST/d/image/<entry>. Unset: the bundled samples", v -> v.url("https://img.example.com"));
    public static final Setting<Optional<Path>> IMAGE_POOL_PORTRAIT = new Setting<>("IMAGE_POOL_PORTRAIT", "",
            "portrait pool file; required with IMAGE_HOST, refused without it", Values.Value::file);
    public static final Setting<Optional<Path>> IMAGE_POOL_LANDSCAPE = new Setting<>("IMAGE_POOL_LANDSCAPE", "",
            "landscape pool file; required with IMAGE_HOST, refused without it", Values.Value::file);
    public static final Setting<Optional<Path>> IMAGE_POOLS_DIR = new Setting<>("IMAGE_POOLS_DIR", "",
            "a folder of named pools NAME.txt (NAME.portrait.txt, NAME.landscape.txt), served as /img/NAME; re-read every "
            + "2 s while running; needs IMAGE_HOST (README: Named pools)", Values.Value::folder);
    public static final Setting<Optional<Path>> HITOKOTO_DIR = new Setting<>("HITOKOTO_DIR", "",
            "a folder of sentence files in the hitokoto bundle's shape (its sentences/ folder: a.json … l.json) for "
            + "/api/hitokoto; each category it has replaces the built-in one; re-read every 2 s while running (README: "
            + "GET /api/hitokoto). Unset: the built-in poetry (i) and classics (k)", Values.Value::folder);
    public static final Setting<Integer> IMAGE_NO_REPEAT = new Setting<>("IMAGE_NO_REPEAT", "0",
            "0–64: a user is not given any of its last K pictures of a pool again while the pool has more than K (20,000 "
            + "users remembered at most; a newcomer takes the place of one seen long ago)", v -> v.number(0, 64));
    public static final Setting<List<String>> IMAGE_REFERERS = new Setting<>("IMAGE_REFERERS", "",
            "comma-separated hosts whose pages may show the pictures (*.example.com for subdomains); a request whose "
            + "Referer names another host is refused with 403, one without a Referer is not. Unset: any", Values.Value::hosts);
    public static final Setting<Path> STATS_FILE = new Setting<>("STATS_FILE", "data/stats.json",
            "where the counters are kept (relative to the working folder), with stats.json.log beside it; with "
            + "STATS_REDIS_URL, this instance's own counts", v -> v.path(false));
    public static final Setting<Optional<Path>> STATS_KEY_FILE = new Setting<>("STATS_KEY_FILE", "",
            "the file of the key users are counted under (64 hex digits, owner-only; made when missing while no user is "
            + "counted yet). Unset: stats.key beside STATS_FILE. Instances sharing STATS_REDIS_URL each need the same one "
            + "(README: Running several instances)", Values.Value::file);
    public static final Setting<Optional<RedisTarget>> STATS_REDIS_URL = new Setting<>("STATS_REDIS_URL", "",
            "redis://[user:password@]host[:port][/db], or rediss:// for TLS: counters shared through Redis (or Valkey) by "
            + "every instance pointed at it. Unset: this instance's STATS_FILE alone", Values.Value::redis);
    public static final Setting<String> STATS_REDIS_PREFIX = new Setting<>("STATS_REDIS_PREFIX", "pocketapi:",
            "prefix of every Redis key, so several sites can share one Redis", Values.Value::prefix);
    public static final Setting<Duration> STATS_FLUSH_SECONDS = new Setting<>("STATS_FLUSH_SECONDS", "10",
            "seconds between saves of what changed to STATS_FILE, 1–86400: a crash loses at most this much",
            v -> v.seconds(1, 86_400));
    public static final Setting<Integer> STATS_MAX_USERS = new Setting<>("STATS_MAX_USERS", "100000",
            "users tracked at most, 1–5000000, and no more than the heap holds (a start that cannot hold them says how many "
            + "it can): 48 bytes a user, 76 while a save runs (README: Memory)", v -> v.number(1, 5_000_000));
    public static final Setting<Integer> STATS_HISTORY_DAYS = new Setting<>("STATS_HISTORY_DAYS", "400",
            "UTC+8 days of the site's calls per day kept (/api/info/history), 0–3660; 0: none", v -> v.number(0, 3_660));
    public static final Setting<Integer> STATS_USER_DAYS = new Setting<>("STATS_USER_DAYS", "90",
            "days a user not seen since is forgotten, 1–36600: the counters keep a user only as a keyed hash of its id, "
            + "and only this long (README: What is kept)", v -> v.number(1, 36_600));
    public static final Setting<List<String>> STATS_IGNORE = new Setting<>("STATS_IGNORE", "",
            "comma-separated addresses and CIDR ranges (IPv4, IPv6) whose calls are answered but not counted: your own "
            + "monitoring, your own visits. The address is the caller's as /api/info shows it, else the peer's", Values.Value::proxies);
    public static final Setting<String> NOTIFY_URLS = new Setting<>("NOTIFY_URLS", "",
            "comma-separated targets told when next year is out and on the evening before a day that breaks the week: "
            + "FORMAT+URL, FORMAT one of webhook, ntfy, bark, wecom, dingtalk, feishu; options in the URL's fragment: "
            + "#events=year,eve,ending&week=6&at=20:00&lang=en&region=hk (README: Notifications). Unset: none", Values.Value::text);
    public static final Setting<Boolean> ACCESS_LOG = new Setting<>("ACCESS_LOG", "false",
            "true: one log line per request: client address, method, path and query, status, time taken, user id in "
            + "quotes; every character a client wrote that is not printable ASCII appears as \\uXXXX", Values.Value::bool);

    /** How a value is read: the typed value, or (through {@link Values#bad}) what is accepted. */
    interface Read<T> {
        T read(Values.Value v);
    }

    private final String name;
    private final String defaultValue;
    private final String help;
    private final Read<T> read;

    private Setting(String name, String defaultValue, String help, Read<T> read) {
        this.name = name;
        this.defaultValue = defaultValue;
        this.help = help;
        this.read = read;
        ALL.add(this);
    }

    /** Every setting, in the order of the README's table. */
    public static List<Setting<?>> values() {
        return Collections.unmodifiableList(ALL);
    }

    /** The setting of the environment variable {@code name}. */
    public static Setting<?> valueOf(String name) {
        return ALL.stream().filter(s -> s.name.equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no setting " + name));
    }

    /** The environment variable, e.g. {@code HOLIDAY_DATA_DIR}. */
    public String name() {
        return name;
    }

    /** The command-line form, e.g. {@code --holiday-data-dir}. */
    public String flag() {
        return "--" + name.toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The value used when neither the variable nor the flag is given ({@code ""}: unset). */
    public String defaultValue() {
        return defaultValue;
    }

    public String help() {
        return help;
    }

    T read(Values.Value v) {
        return read.read(v);
    }

    @Override
    public String toString() {
        return name;
    }
}
