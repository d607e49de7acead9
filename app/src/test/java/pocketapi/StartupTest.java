package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import pocketapi.holidays.TestYears;

/**
 * Main's start-up, in this JVM: a bad value of any setting, or a bad file of the operator's (holiday years, pools,
 * calendars), stops it before anything is started, with one line saying which setting or file, what was given and what
 * is accepted; the operator's holiday years are served from the start; a counters file that cannot be read is kept
 * aside. JarIT checks that the jar exits with code 2 when the start stops.
 */
class StartupTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}={1}")
    @CsvFileSource(resources = "/cases/StartupTest.csv", delimiter = '|', quoteCharacter = '\'')
    void a_bad_value_of_any_setting_stops_the_start_with_one_line(String setting, String value, String message) {
        Map<String, String> settings = new HashMap<>();
        if (setting.equals("HOLIDAY_CACHE_DIR")) {
            settings.put("HOLIDAY_UPDATE_URL", "http://127.0.0.1:9"); // the cache is tried while updates are on
        }
        settings.put(setting, value);
        assertThat(InProcess.refused(dir, settings))
                .singleElement()
                .asString()
                .startsWith("ERROR pocketapi: " + message);
    }

    @Test
    void updates_off_turns_every_fetch_off_whatever_the_urls_say_and_the_start_line_says_so() throws Exception {
        Map<String, String> env = Map.of(
                "PORT", "0",
                "HOST", "127.0.0.1",
                "STATS_FILE", dir.resolve("stats.json").toString(),
                "HOLIDAY_CACHE_DIR", dir.resolve("holidays").toString(),
                "HK_UPDATE_URL", "http://127.0.0.1:9/hk",
                "UPDATES", "off");
        var config = Settings.parse(env, List.of("--tw-update-url", "http://127.0.0.1:9/tw"));
        for (var fetched : Offline.FETCHED) {
            assertThat(config.get(fetched)).as(fetched.name()).isEmpty();
        }
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Main.Started started = Main.start(env, List.of(), new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            assertThat(started).as(err.toString(StandardCharsets.UTF_8)).isNotNull();
            assertThat(started.served().describe())
                    .contains("holidays 2020-01-01 to ")
                    .contains("(automatic updates off (UPDATES=off))");
        } finally {
            if (started != null) {
                started.app().stop();
            }
        }
        assertThat(Settings.parse(Map.of("HK_UPDATE_URL", "http://127.0.0.1:9/hk"), List.of())
                        .get(pocketapi.regions.HongKong.UPDATE_URL))
                .as("on, the default: the URLs as given")
                .hasSize(1);
    }

    @Test
    void holiday_data_dir_extends_the_range_of_the_running_service() throws Exception {
        Path years = Files.createDirectories(dir.resolve("years"));
        Files.writeString(years.resolve("2027.json"), TestYears.madeUp2027());
        try (InProcess.Service service = InProcess.start(dir, Map.of("HOLIDAY_DATA_DIR", years.toString()))) {
            assertThat(service.get("/api/holidays?y=2027&m=1&d=1&type=pithy").body())
                    .isEqualTo("ture");
            assertThat(service.get("/api/holidays?y=2027&m=12&d=31&type=alarm").body())
                    .isEqualTo("work");
            assertThat(service.started().served().describe())
                    .contains("holidays 2020-01-01 to 2027-12-31 (automatic updates off)");
        }
    }

    @Test
    void a_holiday_file_out_of_its_reach_stops_startup_naming_the_dates() throws Exception {
        Path years = Files.createDirectories(dir.resolve("years"));
        Files.writeString(years.resolve("2027.json"), """
                {"year": 2027, "days": [{"name": "元旦", "date": "2026-06-15", "isOffDay": true}]}""");
        try (LogCapture log = new LogCapture()) {
            // An operator's own file is served even where it breaks the law (with a warning); one the gate
            // refuses outright (a date out of its reach) stops the start.
            assertThat(InProcess.refused(dir, Map.of("HOLIDAY_DATA_DIR", years.toString())))
                    .containsExactly("ERROR pocketapi: " + years.resolve("2027.json")
                            + ": refused: lists 2026-06-15, outside 2027 and December 2026 (a year's file "
                            + "reaches only its own year and "
                            + "the December before it)");
            assertThat(log.lines()).as("logged").isEmpty();
        }
    }

    @Test
    void an_operators_half_written_year_is_served_with_a_warning_naming_the_statutory_days_it_misses()
            throws Exception {
        Path years = Files.createDirectories(dir.resolve("years"));
        Files.writeString(years.resolve("2027.json"), """
                {"year": 2027, "days": [{"name": "元旦", "date": "2027-01-01", "isOffDay": true}]}""");
        try (LogCapture log = new LogCapture();
                InProcess.Service service = InProcess.start(dir, Map.of("HOLIDAY_DATA_DIR", years.toString()))) {
            assertThat(service.get("/api/holidays?y=2027&m=2&d=8&type=alarm").body())
                    .isEqualTo("work");
            assertThat(log.lines())
                    .anySatisfy(line -> assertThat(line)
                            .contains("WARN HolidayData - " + years.resolve("2027.json") + ": served, though the "
                                    + "statutory holidays 2027-02-05, 2027-02-08, 2027-04-05, 2027-06-09, "
                                    + "2027-09-15, 2027-10-01 are not days off "
                                    + "in it (《全国年节及纪念日放假办法》: every arrangement gives them off); served as "
                                    + "written, as the operator's own file"));
        }
    }

    @Test
    void a_placeholder_in_holiday_data_dir_is_not_served_and_the_service_starts() throws Exception {
        Path years = Files.createDirectories(dir.resolve("years"));
        Files.writeString(years.resolve("2027.json"), TestYears.PLACEHOLDER_2027);
        try (LogCapture log = new LogCapture();
                InProcess.Service service = InProcess.start(dir, Map.of("HOLIDAY_DATA_DIR", years.toString()))) {
            var response = service.get("/api/holidays?y=2027&m=10&d=1&type=alarm");
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body()).contains("whose holiday arrangement is not published yet");
            assertThat(log.lines())
                    .anySatisfy(line -> assertThat(line)
                            .contains("WARN HolidayData - " + years.resolve("2027.json")
                                    + ": no days at all, a placeholder: 2027 is not published yet and is not loaded"));
        }
    }

    @Test
    void a_malformed_holiday_file_stops_startup_naming_the_file() throws Exception {
        Path years = Files.createDirectories(dir.resolve("years"));
        Files.writeString(years.resolve("2027.json"), "{\"year\": 2026, \"days\": []}");
        try (LogCapture log = new LogCapture()) {
            assertThat(InProcess.refused(dir, Map.of(), "--holiday-data-dir", years.toString()))
                    .containsExactly("ERROR pocketapi: " + years.resolve("2027.json")
                            + ": \"year\" is 2026 but the file name says 2027");
            assertThat(log.lines()).as("logged").isEmpty();
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvFileSource(resources = "/cases/StartupTest-pools.csv", delimiter = '|', quoteCharacter = '\'')
    void a_bad_pool_file_stops_startup_naming_the_file(String kind, String content, String problem) throws Exception {
        Path portrait = Files.writeString(dir.resolve("portrait.txt"), content.replace("\\n", "\n"));
        Path landscape = Files.writeString(dir.resolve("landscape.txt"), "a.jpg\n");
        try (LogCapture log = new LogCapture()) {
            assertThat(InProcess.refused(
                            dir,
                            Map.of(
                                    "IMAGE_HOST",
                                    "https://img.example.com",
                                    "IMAGE_POOL_PORTRAIT",
                                    portrait.toString(),
                                    "IMAGE_POOL_LANDSCAPE",
                                    landscape.toString())))
                    .containsExactly("ERROR pocketapi: " + portrait + problem);
            assertThat(log.lines()).as("logged").isEmpty();
        }
    }

    /** One case end to end; StatsFileTest covers every kind of bad file (truncated, empty, wrong shape ...). */
    @Test
    void a_bad_stats_file_is_kept_aside_and_the_good_bak_is_used() throws Exception {
        String content = "¯\\_(ツ)_/¯ not JSON";
        Path data = Files.createDirectories(dir.resolve("data"));
        Files.writeString(data.resolve("stats.json"), content);
        // Seen yesterday: a user idle past STATS_USER_DAYS (90) would be forgotten at the first save, which may come
        // first.
        String yesterday = java.time.LocalDate.now(java.time.ZoneOffset.ofHours(8))
                .minusDays(1)
                .toString();
        Files.writeString(data.resolve("stats.json.bak"), """
                {"format":"pocketapi-stats/3","instance":"0123456789abcdef","site":[40,0,"%s"],"users":[
                ["198.51.100.5",30,0,"%s"]
                ]}
                """.formatted(yesterday, yesterday));
        try (LogCapture log = new LogCapture();
                InProcess.Service service = InProcess.start(
                        dir, Map.of("STATS_FILE", data.resolve("stats.json").toString()))) {
            var info = pocketapi.files.Json.mapper()
                    .readTree(service.get("/api/info", "CF-Connecting-IP", "198.51.100.5")
                            .body());
            assertThat(info.at("/site/totalRequests").longValue()).isEqualTo(41);
            assertThat(info.at("/site/dailyRequests").longValue()).isEqualTo(1);
            assertThat(info.at("/requestUserStats/totalRequests").longValue()).isEqualTo(31);
            assertThat(log.linesWith("cannot read the counters in " + data.resolve("stats.json")))
                    .isNotEmpty();
        }
        try (var files = Files.list(data)) {
            Path aside = files.filter(p -> p.getFileName().toString().startsWith("stats.json.corrupt-"))
                    .findFirst()
                    .orElseThrow();
            assertThat(Files.readString(aside)).isEqualTo(content);
        }
    }

    @Test
    void a_bad_calendar_file_stops_the_start_with_one_line_naming_it() throws Exception {
        Path calendars = Files.createDirectories(dir.resolve("calendars"));
        Files.writeString(calendars.resolve("acme.json"), "{\"week\":\"7\"}");
        try (LogCapture log = new LogCapture()) {
            assertThat(InProcess.refused(dir, Map.of("CALENDARS_DIR", calendars.toString())))
                    .containsExactly("ERROR pocketapi: " + calendars.resolve("acme.json") + ": \"week\" must be 5 "
                            + "(Monday to Friday), 6 (Monday to Saturday) or alt:YYYY-MM-DD (big/small "
                            + "weeks: the Saturday of the "
                            + "week holding that date is worked, then every other Saturday) (7)");
            assertThat(log.lines()).as("logged").isEmpty();
        }
    }
}
