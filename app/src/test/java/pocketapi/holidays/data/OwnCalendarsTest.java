package pocketapi.holidays.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.LogCapture;
import pocketapi.holidays.OwnCalendar;
import pocketapi.holidays.Week;

/** The calendars of CALENDARS_DIR: read at start, then every change swapped in whole, a bad change kept out. */
class OwnCalendarsTest {
    @TempDir
    Path dir;

    private void write(String file, String json) throws Exception {
        Files.writeString(dir.resolve(file), json);
    }

    @Test
    void the_folder_is_read_at_start_with_the_exchange_built_in() throws Exception {
        write("acme.json", "{\"week\":\"6\",\"days\":[]}");
        write("notes.txt", "not a calendar");
        Map<String, OwnCalendar> all =
                OwnCalendars.load(Optional.of(dir), Long.MAX_VALUE).all();
        assertThat(all.keySet()).containsExactly("acme", "exchange");
        assertThat(all.get("acme").week()).isSameAs(Week.SIX);
        assertThat(OwnCalendars.builtIn().all().keySet()).containsExactly("exchange");
    }

    @Test
    void a_bad_file_at_start_is_refused_naming_it() throws Exception {
        write("acme.json", "{\"week\":\"8\"}");
        assertThatThrownBy(() -> OwnCalendars.load(Optional.of(dir), Long.MAX_VALUE))
                .isInstanceOf(pocketapi.files.FolderWatcher.Refused.class)
                .hasMessageStartingWith(dir.resolve("acme.json") + ": \"week\" must be 5");
        Files.delete(dir.resolve("acme.json"));
        write("ACME.json", "{}");
        assertThatThrownBy(() -> OwnCalendars.load(Optional.of(dir), Long.MAX_VALUE))
                .hasMessageContaining("a calendar's name must be 1 to 32 of a-z, 0-9 and -");
    }

    @Test
    void a_change_is_swapped_in_whole_a_bad_one_keeps_the_previous_version_with_one_warn_and_a_removal_removes()
            throws Exception {
        write("acme.json", "{\"week\":\"6\"}");
        OwnCalendars calendars = OwnCalendars.load(Optional.of(dir), Long.MAX_VALUE);
        Map<String, OwnCalendar> before = calendars.all();
        calendars.rescan();
        assertThat(calendars.all()).as("nothing changed: the same map").isSameAs(before);

        write("acme.json", "{\"week\":\"alt:2026-11-28\"}");
        write("shop.json", "{\"days\":[{\"name\":\"盘点\",\"date\":\"2026-12-31\",\"isOffDay\":true}]}");
        try (LogCapture log = new LogCapture()) {
            calendars.rescan();
            assertThat(calendars.all().get("acme").week()).isSameAs(Week.alt(java.time.LocalDate.of(2026, 11, 28)));
            assertThat(calendars.all()).containsKey("shop");
            assertThat(before.get("acme").week()).as("the old map is untouched").isSameAs(Week.SIX);
            assertThat(log.linesWith("calendar acme changed")).hasSize(1);
            assertThat(log.linesWith("calendar shop added")).hasSize(1);

            OwnCalendar good = calendars.all().get("acme");
            write("acme.json", "{\"week\":\"alt:2026-11-28\",\"days\":[");
            calendars.rescan();
            calendars.rescan();
            assertThat(calendars.all().get("acme")).isSameAs(good);
            assertThat(log.linesWith("acme.json: not valid JSON"))
                    .singleElement()
                    .asString()
                    .contains("WARN", "calendar acme stays as it was");

            Files.delete(dir.resolve("shop.json"));
            calendars.rescan();
            assertThat(calendars.all())
                    .as("deleted, maybe to be written again: still served")
                    .containsKey("shop");
            calendars.rescan();
            assertThat(calendars.all().keySet()).containsExactly("acme", "exchange");
            assertThat(log.linesWith("calendar shop removed")).hasSize(1);
        }
    }

    @Test
    void a_stray_file_is_skipped_with_one_warn_naming_it_and_the_others_keep_updating() throws Exception {
        write("acme.json", "{\"week\":\"6\"}");
        OwnCalendars calendars = OwnCalendars.load(Optional.of(dir), Long.MAX_VALUE);
        Files.createSymbolicLink(dir.resolve("env.json"), Path.of("/proc/self/environ"));
        assertThat(new ProcessBuilder("mkfifo", dir.resolve("pipe.json").toString())
                        .start()
                        .waitFor())
                .isZero();
        Files.createDirectory(dir.resolve("folder.json"));
        write("Bad_Name.json", "{}");
        write("shop.json", "{\"week\":\"5\"}");
        try (LogCapture log = new LogCapture()) {
            calendars.rescan();
            calendars.rescan();
            assertThat(calendars.all().keySet()).containsExactly("acme", "exchange", "shop");
            assertThat(log.linesWith("WARN"))
                    .hasSize(4)
                    .allSatisfy(line -> assertThat(line).contains("is not added"))
                    .anySatisfy(line ->
                            assertThat(line).contains("env.json (CALENDARS_DIR): a symbolic link to a file outside"))
                    .anySatisfy(line -> assertThat(line).contains("pipe.json (CALENDARS_DIR): not a regular file"))
                    .anySatisfy(line -> assertThat(line).contains("Bad_Name.json: a calendar's name must be"));
            write("acme.json", "{\"week\":\"5\"}");
            calendars.rescan();
            assertThat(calendars.all().get("acme").week()).isSameAs(Week.FIVE);
        }
    }

    @Test
    void a_folder_too_large_to_read_keeps_the_calendars_with_one_warn() throws Exception {
        write("acme.json", "{\"week\":\"6\"}");
        OwnCalendars calendars = OwnCalendars.load(Optional.of(dir), Long.MAX_VALUE);
        String big = "{\"days\":[],\"pad\":\"" + "x".repeat(1_000_000) + "\"}";
        for (int i = 0; i < 9; i++) {
            write("big" + i + ".json", big);
        }
        try (LogCapture log = new LogCapture()) {
            calendars.rescan();
            calendars.rescan();
            assertThat(calendars.all().keySet()).containsExactly("acme", "exchange");
            assertThat(log.linesWith("WARN"))
                    .singleElement()
                    .asString()
                    .contains(
                            dir + " (CALENDARS_DIR): cannot be read (" + dir + ": its files together are larger than");
        }
        assertThatThrownBy(() -> OwnCalendars.load(Optional.of(dir), Long.MAX_VALUE))
                .hasMessageContaining("its files together are larger");
    }
}
