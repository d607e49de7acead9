package pocketapi.counters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.Settings;
import pocketapi.config.ConfigException;
import pocketapi.counters.Counters.Report;
import pocketapi.web.Family;

/** The key users are counted under: made once, never lost in silence. */
class CountingTest {
    @TempDir
    Path dir;

    private Counting open() throws ConfigException {
        return Counting.open(
                Settings.parse(Map.of("STATS_FILE", dir.resolve("stats.json").toString()), List.of()),
                Clock.systemUTC());
    }

    /** Counts one call by {@code user} and saves, as a stop does. */
    private Report countOnce(String user) throws ConfigException {
        Counting counting = open();
        Report report = counting.counters().countAndReport(user, Family.HOLIDAYS);
        assertThat(counting.stop().getAsBoolean()).isTrue();
        return report;
    }

    @Test
    void the_first_start_makes_an_owner_only_key_and_the_next_one_counts_under_it() throws Exception {
        countOnce("198.51.100.5");
        Path key = dir.resolve("stats.key");
        assertThat(Files.readString(key)).matches("[0-9a-f]{64}\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(key)))
                .isEqualTo("rw-------");
        assertThat(countOnce("198.51.100.5").userTotal()).isEqualTo(2);
        assertThat(dir.toFile().list()).noneMatch(name -> name.contains(".new-"));
    }

    @Test
    void a_lost_key_beside_counters_that_hold_users_stops_the_start_saying_how_to_restore_or_reset() throws Exception {
        countOnce("198.51.100.5");
        Path key = dir.resolve("stats.key");
        String kept = Files.readString(key);
        Files.delete(key);
        assertThatThrownBy(this::open)
                .isInstanceOf(ConfigException.class)
                .hasMessage("STATS_KEY_FILE (--stats-key-file): "
                        + key + " is missing, but " + dir.resolve("stats.json")
                        + " holds 1 user(s) counted under it: put the key "
                        + "back from your backup (their counts then go on), or, to count users afresh (the "
                        + "site's counts stay), "
                        + "create it empty: touch " + key);
        assertThat(key).doesNotExist();
        // Restored: the user's counts go on.
        Files.writeString(key, kept);
        assertThat(countOnce("198.51.100.5").userTotal()).isEqualTo(2);
        // Emptied on purpose: a new key, users afresh, the site's counts kept.
        Files.writeString(key, "");
        Report afresh = countOnce("198.51.100.5");
        assertThat(afresh.userTotal()).isEqualTo(1);
        assertThat(afresh.siteTotal()).isEqualTo(3);
        assertThat(Files.readString(key)).matches("[0-9a-f]{64}\n").isNotEqualTo(kept);
    }

    @Test
    void a_key_file_that_holds_anything_else_stops_the_start() throws Exception {
        Files.writeString(dir.resolve("stats.key"), "not a key");
        assertThatThrownBy(this::open)
                .hasMessage("STATS_KEY_FILE (--stats-key-file): " + dir.resolve("stats.key")
                        + " cannot be read (" + dir.resolve("stats.key")
                        + " does not hold a key (64 hex digits)); put back the key "
                        + "from a backup, or empty the file to count users afresh");
    }
}
