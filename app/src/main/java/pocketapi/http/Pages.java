package pocketapi.http;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import io.javalin.http.Handler;
import pocketapi.util.Resources;
import pocketapi.util.LogText;
import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.HolidaySources;
import pocketapi.holiday.LiveCalendar;
import pocketapi.holiday.Schedule;

/** The landing page (read from the jar once) and the health check; neither is counted. */
final class Pages {
    /** Where the page shows the covered range of the holiday data. */
    static final String COVERED = "{{covered}}";
    /** Where the page learns today's UTC+8 date, for its calendar. */
    static final String TODAY = "{{today}}";
    /** Where the page says where each year comes from and what is held back. */
    static final String SOURCES = "{{sources}}";
    /** Where the page lists the calendars {@code calendar=NAME} takes. */
    static final String CALENDARS = "{{calendars}}";

    private Pages() {
    }

    /** The page as one calendar and its sources fill it in on one day; rendered again only when one changes. */
    private record Rendered(HolidayCalendar calendar, HolidaySources sources, Map<String, Schedule> own, LocalDate today,
                            byte[] page) {
    }

    static Handler landing(LiveCalendar calendars, Supplier<Map<String, Schedule>> named) {
        String page = new String(Resources.read("web/index.html")
                .orElseThrow(() -> new IllegalStateException("web/index.html is missing from the jar")),
                StandardCharsets.UTF_8);
        AtomicReference<Rendered> last = new AtomicReference<>();  // a race only renders the same page twice
        return ctx -> {
            HolidayCalendar calendar = calendars.get();
            HolidaySources sources = calendars.sources();
            Map<String, Schedule> own = named.get();
            LocalDate today = calendar.today();
            Rendered r = last.get();
            if (r == null || r.calendar() != calendar || r.sources() != sources || r.own() != own
                    || !r.today().equals(today)) {
                r = new Rendered(calendar, sources, own, today, page.replace(COVERED, calendar.first() + " – "
                        + calendar.last()).replace(TODAY, today.toString()).replace(SOURCES, sources(sources, calendar))
                        .replace(CALENDARS, calendars(own)).getBytes(StandardCharsets.UTF_8));
                last.set(r);
            }
            ctx.header("Cache-Control", "no-cache").contentType("text/html; charset=utf-8").result(r.page());
        };
    }

    /**
     * Per covered year where it comes from, then each year not served because the sources disagree
     * (with the dates), then what is held back and why; HTML, every text escaped. Nothing in it is
     * text a mirror sent: origins are fixed words, dates are dates, reasons fixed categories.
     */
    static String sources(HolidaySources sources, HolidayCalendar calendar) {
        StringBuilder out = new StringBuilder();
        if (!sources.years().isEmpty()) {
            out.append("<ul class=\"sources\">");
            // Consecutive years of one origin in one row: 2020–2026, built in.
            List<HolidaySources.Year> years = sources.years();
            for (int i = 0; i < years.size(); ) {
                int j = i;
                while (j + 1 < years.size() && years.get(j + 1).origin() == years.get(i).origin()
                        && years.get(j + 1).year() == years.get(j).year() + 1) {
                    j++;
                }
                HolidaySources.Origin origin = years.get(i).origin();
                out.append("<li>").append(years.get(i).year()).append(j > i ? "–" + years.get(j).year() : "").append(": ")
                        .append(origin.chinese()).append(" <span class=\"en\">").append(origin.english())
                        .append("</span></li>");
                i = j + 1;
            }
            out.append("</ul>");
        }
        calendar.disputedYears().forEach((year, dates) -> out.append("<p class=\"note disputed\">")
                .append(year).append(": 有争议，不提供 <span class=\"en\">disputed, not served: the sources disagree on ")
                .append(LogText.first(dates, 10)).append("</span></p>"));
        for (String held : sources.held()) {
            out.append("<p class=\"note held\">暂缓 <span class=\"en\">held back</span> ").append(html(held)).append("</p>");
        }
        return out.toString();
    }

    /** One example link per named calendar: the alarm for tomorrow. */
    static String calendars(Map<String, Schedule> own) {
        StringBuilder out = new StringBuilder();
        for (Schedule s : own.values()) {
            String link = "/api/holidays?type=alarm&amp;offset=1&amp;calendar=" + s.name();  // names are [a-z0-9-]
            out.append("<li><a class=\"ex\" href=\"").append(link).append("\">").append(link).append("</a> ")
                    .append(s.name().equals("exchange") ? "股市明天开不开市 <span class=\"en\">is the exchange open tomorrow</span>"
                            : "日历 " + s.name() + " <span class=\"en\">calendar " + s.name() + ": week " + s.week()
                            + ", " + s.days().size() + " days of its own</span>")
                    .append("</li>");
        }
        return out.toString();
    }

    private static String html(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    static Handler health() {
        return ctx -> Responses.text(ctx, "ok");
    }
}
