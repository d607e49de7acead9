package pocketapi.http;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import io.javalin.http.Handler;
import pocketapi.Resources;
import pocketapi.holiday.HolidayCalendar;

/** The landing page (read from the jar once) and the health check; neither is counted. */
final class Pages {
    /** Where the page shows the covered range of the holiday data. */
    static final String COVERED = "{{covered}}";
    /** Where the page learns today's UTC+8 date, for its calendar. */
    static final String TODAY = "{{today}}";

    private Pages() {
    }

    /** The page as one calendar fills it in on one day; rendered again only when either changes. */
    private record Rendered(HolidayCalendar calendar, LocalDate today, byte[] page) {
    }

    static Handler landing(Supplier<HolidayCalendar> calendars) {
        String page = new String(Resources.read("web/index.html")
                .orElseThrow(() -> new IllegalStateException("web/index.html is missing from the jar")),
                StandardCharsets.UTF_8);
        AtomicReference<Rendered> last = new AtomicReference<>();  // a race only renders the same page twice
        return ctx -> {
            HolidayCalendar calendar = calendars.get();
            LocalDate today = calendar.today();
            Rendered r = last.get();
            if (r == null || r.calendar() != calendar || !r.today().equals(today)) {
                r = new Rendered(calendar, today, page.replace(COVERED, calendar.first() + " – " + calendar.last())
                        .replace(TODAY, today.toString()).getBytes(StandardCharsets.UTF_8));
                last.set(r);
            }
            ctx.header("Cache-Control", "no-cache").contentType("text/html; charset=utf-8").result(r.page());
        };
    }

    static Handler health() {
        return ctx -> Responses.text(ctx, "ok");
    }
}
