package pocketapi.holidays;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import pocketapi.TestApps;
import pocketapi.web.TestServer;

/** A calendar swapped while the service runs: every answer comes from the old or the new one, whole. */
class HolidayUpdatesApiTest {
    private static final Clock CLOCK = TestApps.at("2026-11-22T02:00:00Z");
    private static final HolidayCalendar OLD = TestYears.calendarWith(CLOCK);
    /** 2026 with its National Day break moved by one day, and the made-up 2027. */
    private static final HolidayCalendar NEW = TestYears.calendarWith(
            CLOCK,
            TestYears.parse(
                    2026, TestYears.builtIn(2026).replace("\"date\": \"2026-10-07\"", "\"date\": \"2026-10-08\"")),
            TestYears.parse(2027, TestYears.madeUp2027()));

    private static String record(HolidayCalendar calendar, LocalDate date) {
        return new String(DayJson.render(calendar.classify(date)), StandardCharsets.UTF_8);
    }

    @Test
    void under_load_every_answer_is_whole_from_the_old_or_the_new_calendar_and_never_5xx() throws Exception {
        LiveCalendar live = new LiveCalendar(OLD);
        LocalDate moved = LocalDate.of(2026, 10, 8);
        Set<String> jsonAnswers = Set.of(record(OLD, moved), record(NEW, moved));
        assertThat(jsonAnswers).hasSize(2);
        TestServer.run(TestApps.app(live), server -> {
            AtomicBoolean swapping = new AtomicBoolean(true);
            Map<String, AtomicInteger> seen = new ConcurrentHashMap<>();
            List<String> wrong = java.util.Collections.synchronizedList(new ArrayList<>());
            ExecutorService clients = Executors.newFixedThreadPool(4);
            List<Future<?>> running = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                running.add(clients.submit(() -> {
                    while (swapping.get()) {
                        HttpResponse<String> json = server.get("/api/holidays?y=2026&m=10&d=8");
                        if (json.statusCode() != 200 || !jsonAnswers.contains(json.body())) {
                            wrong.add(json.statusCode() + " " + json.body());
                        }
                        seen.computeIfAbsent(json.body(), k -> new AtomicInteger())
                                .incrementAndGet();
                        HttpResponse<String> next = server.get("/api/holidays?y=2027&m=10&d=1&type=pithy");
                        String answer = next.statusCode() + " " + (next.statusCode() == 200 ? next.body() : "");
                        if (!answer.equals("200 ture") && !answer.equals("400 ")) {
                            wrong.add(answer + next.body());
                        }
                        seen.computeIfAbsent(answer, k -> new AtomicInteger()).incrementAndGet();
                    }
                    return null;
                }));
            }
            // Swap to and fro until each of the four answers was served many times while swapping.
            long deadline = System.nanoTime() + 30_000_000_000L;
            for (int i = 0; System.nanoTime() - deadline < 0; i++) {
                live.set(i % 2 == 0 ? NEW : OLD);
                if (seen.size() >= 4 && seen.values().stream().allMatch(n -> n.get() >= 50)) {
                    break;
                }
                Thread.yield();
            }
            swapping.set(false);
            for (Future<?> f : running) {
                f.get();
            }
            clients.shutdown();
            assertThat(wrong).isEmpty();
            // Both calendars were really served while the load ran.
            assertThat(seen.keySet()).contains(record(OLD, moved), record(NEW, moved), "200 ture", "400 ");
        });
    }

    @Test
    void a_year_known_to_be_unpublished_answers_400_saying_so() {
        LiveCalendar live = new LiveCalendar(OLD.withNotPublished(2027));
        TestServer.run(TestApps.app(live), server -> {
            HttpResponse<String> response = server.get("/api/holidays?y=2027&m=10&d=1&type=alarm");
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body())
                    .contains("the date 2027-10-01 is in 2027, whose holiday arrangement is not "
                            + "published yet; covered: 2020-01-01 to 2026-12-31");
            assertThat(server.get("/api/holidays?y=2028&m=1&d=1").body())
                    .contains("the date 2028-01-01 is outside the covered range 2020-01-01 to 2026-12-31");
        });
    }

    @Test
    void today_in_an_unpublished_year_answers_400_saying_so() {
        Clock newYear = TestApps.at("2026-12-31T16:00:00Z"); // 2027-01-01 00:00 UTC+8
        LiveCalendar live = new LiveCalendar(TestYears.calendarWith(newYear).withNotPublished(2027));
        TestServer.run(TestApps.app(live), server -> {
            HttpResponse<String> response = server.get("/api/holidays?type=alarm");
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body())
                    .contains("today 2027-01-01 is in 2027, whose holiday arrangement is not published yet");
        });
    }

    @Test
    void the_landing_page_shows_the_covered_range_and_follows_a_swap() {
        LiveCalendar live = new LiveCalendar(OLD);
        TestServer.run(TestApps.app(live), server -> {
            assertThat(server.get("/").body())
                    .contains("<b id=\"covered\">2020-01-01 – 2026-12-31</b>")
                    .doesNotContain("{{");
            live.set(NEW);
            assertThat(server.get("/").body()).contains("<b id=\"covered\">2020-01-01 – 2027-12-31</b>");
        });
    }
}
