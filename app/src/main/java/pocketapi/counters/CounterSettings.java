package pocketapi.counters;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import pocketapi.config.Config;
import pocketapi.config.RedisTarget;
import pocketapi.config.Setting;
import pocketapi.config.Values;
import pocketapi.config.WritableFolders;

/**
 * The counters' settings: where they are kept, shared, bounded and forgotten. Each is an environment variable and a
 * flag; {@code --help} and the README's table list them in this order.
 */
public final class CounterSettings {
    public static final Setting<Path> STATS_FILE = Setting.of(
            "STATS_FILE",
            "data/stats.json",
            "where the counters are kept (relative to the working folder), with stats.json.log beside it; with "
                    + "STATS_REDIS_URL, this instance's own counts",
            v -> v.path(false));
    public static final Setting<Optional<Path>> STATS_KEY_FILE = Setting.of(
            "STATS_KEY_FILE",
            "",
            "the file of the key users are counted under (64 hex digits, owner-only; made when missing while "
                    + "no user is "
                    + "counted yet). Unset: stats.key beside STATS_FILE. Instances sharing STATS_REDIS_URL "
                    + "each need the same one "
                    + "(docs/counters.md)",
            Values.Value::file);
    public static final Setting<Optional<RedisTarget>> STATS_REDIS_URL = Setting.of(
            "STATS_REDIS_URL",
            "",
            "redis://[user:password@]host[:port][/db], or rediss:// for TLS: counters shared through Redis "
                    + "(or Valkey) by "
                    + "every instance pointed at it. Unset: this instance's STATS_FILE alone",
            Values.Value::redis);
    public static final Setting<String> STATS_REDIS_PREFIX = Setting.of(
            "STATS_REDIS_PREFIX",
            "pocketapi:",
            "prefix of every Redis key, so several sites can share one Redis",
            Values.Value::prefix);
    public static final Setting<Duration> STATS_FLUSH_SECONDS = Setting.of(
            "STATS_FLUSH_SECONDS",
            "10",
            "seconds between saves of what changed to STATS_FILE, 1–86400: a crash loses at most this much",
            v -> v.seconds(1, 86_400));
    public static final Setting<Integer> STATS_MAX_USERS = Setting.of(
            "STATS_MAX_USERS",
            "100000",
            "users tracked at most, 1–5000000, and no more than the heap holds (a start that cannot hold "
                    + "them says how many "
                    + "it can): 48 bytes a user, 76 while a save runs (docs/deploy.md: Memory)",
            v -> v.number(1, 5_000_000));
    public static final Setting<Integer> STATS_HISTORY_DAYS = Setting.of(
            "STATS_HISTORY_DAYS",
            "400",
            "UTC+8 days of the site's calls per day and of its visitors kept (/api/info/history), 0–3660; 0: "
                    + "none, and no visitors. In the file store each day's visitors take up to 9 KB of the heap "
                    + "(docs/deploy.md: Memory)",
            v -> v.number(0, 3_660));
    public static final Setting<Integer> STATS_USER_DAYS = Setting.of(
            "STATS_USER_DAYS",
            "90",
            "days a user not seen since is forgotten, 1–36600: the counters keep a user only as a keyed hash "
                    + "of its id, "
                    + "and only this long (docs/counters.md: What is kept)",
            v -> v.number(1, 36_600));
    public static final Setting<List<String>> STATS_IGNORE = Setting.of(
            "STATS_IGNORE",
            "",
            "comma-separated addresses and CIDR ranges (IPv4, IPv6) whose calls are answered but not counted: your own "
                    + "monitoring, your own visits. The address is the caller's as /api/info shows it, else the peer's",
            Values.Value::proxies);

    /** In the order of --help and the README's table. */
    public static final List<Setting<?>> ALL = List.of(
            STATS_FILE,
            STATS_KEY_FILE,
            STATS_REDIS_URL,
            STATS_REDIS_PREFIX,
            STATS_FLUSH_SECONDS,
            STATS_MAX_USERS,
            STATS_HISTORY_DAYS,
            STATS_USER_DAYS,
            STATS_IGNORE);

    private CounterSettings() {}

    /** The folder the counters write to: STATS_FILE's (their file, the key, and notify.state beside them). */
    public static WritableFolders.Wanted folder(Config config) {
        return new WritableFolders.Wanted(
                STATS_FILE,
                config.get(STATS_FILE).toAbsolutePath().getParent(),
                config.get(STATS_FILE).toString(),
                "a file in a folder pocketapi may write, e.g. /var/lib/pocketapi/stats.json "
                        + "(the unit's state folder)");
    }
}
