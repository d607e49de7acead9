package pocketapi.holidays;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import pocketapi.files.Json;
import pocketapi.logging.LogText;
import pocketapi.web.Html;

/**
 * The holiday calendar's parts of the landing page: today's and tomorrow's answer at the top; the section of the
 * endpoints with the data's range and sources, and the year's arrangement with its region switch. Drawn again only when
 * the calendar, its sources, the calendars of one's own or the day change. The cards at the top are the mainland's; the
 * page's script draws a region's, when one is chosen, from its records in the same words ({@link #WORDS}): drawing them
 * all here would read every region's data, and start its updates, for a page view. Each region's option in the switch
 * carries its names and its legend's words ({@link Region#legend}). Thread-safe: a race only draws the same page twice.
 */
final class HolidaysPage {
    private static final String TOP = Html.resource("pocketapi/holidays/top.html");
    private static final String SECTION = Html.resource("pocketapi/holidays/section.html");
    /**
     * What a day is and what the API's word means ({@link #words}, {@link #meaning}) by a detail record's {@code kind}
     * and {@code status}, and by {@code status}: JSON, escaped for an attribute, for the script that draws a region's
     * cards.
     */
    static final String WORDS = wordsJson();

    private final LiveCalendar calendars;
    private final DayRoutes choice;
    private final String regions;
    /** The setting that turned updates off, as the user wrote it; null while they are on. */
    private final String offBy;

    private final AtomicReference<Drawn> last = new AtomicReference<>();

    /** The page as one calendar and its sources fill it in on one day. */
    private record Drawn(
            HolidayCalendar calendar,
            HolidaySources sources,
            Map<String, OwnCalendar> own,
            LocalDate today,
            String top,
            String section) {}

    HolidaysPage(LiveCalendar calendars, DayRoutes choice, List<Region> regions, String offBy) {
        this.calendars = calendars;
        this.choice = choice;
        this.offBy = offBy;
        StringBuilder options = new StringBuilder("<option value=\"cn\" data-legend=\"")
                .append(legend(Mainland.CN))
                .append("\">中国大陆 mainland</option>");
        for (Region r : regions) {
            options.append("<option value=\"")
                    .append(r.code())
                    .append("\" data-legend=\"")
                    .append(legend(r))
                    .append("\" data-zh=\"")
                    .append(Html.escape(r.chinese()))
                    .append("\" data-en=\"")
                    .append(Html.escape(r.english()))
                    .append("\">")
                    .append(Html.escape(r.chinese()))
                    .append(' ')
                    .append(Html.escape(r.english()))
                    .append("</option>");
        }
        this.regions = options.toString();
    }

    /** What the legend calls a region's marks, as the page's script reads them: JSON, escaped for an attribute. */
    private static String legend(Region region) {
        Region.Legend l = region.legend();
        String[] words = {l.off(), l.offEnglish(), l.statutory(), l.statutoryEnglish(), l.makeUp(), l.makeUpEnglish()};
        return Html.escape(Json.write(g -> g.writeArray(words, 0, words.length)));
    }

    String top() {
        return drawn().top();
    }

    String section() {
        return drawn().section();
    }

    private Drawn drawn() {
        HolidayCalendar calendar = calendars.get();
        HolidaySources sources = calendars.sources();
        Map<String, OwnCalendar> own = choice.named();
        LocalDate today = calendar.today();
        Drawn d = last.get();
        if (d == null
                || d.calendar() != calendar
                || d.sources() != sources
                || d.own() != own
                || !d.today().equals(today)) {
            d = new Drawn(
                    calendar,
                    sources,
                    own,
                    today,
                    TOP.replace("{{days}}", days(choice, calendar, today)).replace("{{words}}", WORDS),
                    SECTION.replace("{{covered}}", calendar.first() + " – " + calendar.last())
                            .replace("{{today}}", today.toString())
                            .replace("{{sources}}", sources(sources, calendar))
                            .replace("{{calendars}}", calendars(own, today))
                            .replace("{{regions}}", regions)
                            .replace("{{updating}}", choice.updates() ? "on" : "off")
                            .replace("{{updates}}", updates(offBy)));
            last.set(d);
        }
        return d;
    }

    /**
     * Per covered year where it comes from, then each year not served because the sources disagree (with the dates),
     * then what is held back and why; HTML, every text escaped.
     */
    static String sources(HolidaySources sources, HolidayCalendar calendar) {
        StringBuilder out = new StringBuilder();
        if (!sources.years().isEmpty()) {
            out.append("<ul class=\"sources\">");
            // Consecutive years of one origin in one row: 2020–2026, built in.
            List<HolidaySources.Year> years = sources.years();
            for (int i = 0; i < years.size(); ) {
                int j = i;
                while (j + 1 < years.size()
                        && years.get(j + 1).origin() == years.get(i).origin()
                        && years.get(j + 1).year() == years.get(j).year() + 1) {
                    j++;
                }
                HolidaySources.Origin origin = years.get(i).origin();
                out.append("<li>")
                        .append(years.get(i).year())
                        .append(j > i ? "–" + years.get(j).year() : "")
                        .append(": ")
                        .append(origin.chinese())
                        .append(" <span class=\"en\">")
                        .append(origin.english())
                        .append("</span></li>");
                i = j + 1;
            }
            out.append("</ul>");
        }
        calendar.disputedYears()
                .forEach((year, dates) -> out.append("<p class=\"note disputed\">")
                        .append(year)
                        .append(": 有争议，不提供 <span class=\"en\">disputed, not served: the sources disagree on ")
                        .append(LogText.first(dates, 10))
                        .append("</span></p>"));
        for (String held : sources.held()) {
            out.append("<p class=\"note held\">暂缓 <span class=\"en\">held back</span> ")
                    .append(Html.escape(held))
                    .append("</p>");
        }
        return out.toString();
    }

    /** Today's and tomorrow's answer: the alarm word and what the day is, or why the data cannot say. */
    static String days(DayRoutes choice, HolidayCalendar calendar, LocalDate today) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 2; i++) {
            LocalDate date = today.plusDays(i);
            out.append("<div class=\"day\" id=\"")
                    .append(i == 0 ? "day-today" : "day-tomorrow")
                    .append("\" data-date=\"")
                    .append(date)
                    .append("\"><h3>")
                    .append(i == 0 ? "今天" : "明天")
                    .append(' ')
                    .append(date.getMonthValue())
                    .append('月')
                    .append(date.getDayOfMonth())
                    .append("日 ")
                    .append(Day.weekday(date))
                    .append(" <span class=\"en\">")
                    .append(i == 0 ? "Today" : "Tomorrow")
                    .append(", ")
                    .append(date)
                    .append("</span></h3>");
            if (calendar.covers(date)) {
                Day day = calendar.classify(date);
                String[] words = words(day.status());
                String name = day.name() == null || day.name().isEmpty() ? "" : Html.escape(day.name()) + " · ";
                out.append("<b class=\"")
                        .append(day.working() ? "work\">work</b> 上班" : "off\">vacation</b> 休息")
                        .append(" · ")
                        .append(name)
                        .append(words[0])
                        .append(" · 接口值 <code>")
                        .append(day.status().wire())
                        .append("</code> = ")
                        .append(meaning(day.status().wire())[0])
                        .append("<span class=\"en\">")
                        .append(name)
                        .append(words[1])
                        .append(" · the API's value <code>")
                        .append(day.status().wire())
                        .append("</code> = ")
                        .append(meaning(day.status().wire())[1])
                        .append(" (spelled so by the API, on purpose)</span>");
            } else {
                out.append("<b class=\"none\">?</b> 不在数据中 <span class=\"en\">not in the data: ")
                        .append(choice.yearStatus(date.getYear(), calendar))
                        .append("</span>");
            }
            out.append("</div>");
        }
        return out.toString();
    }

    private static String wordsJson() {
        Map<String, String[]> words = new TreeMap<>();
        Map<String, String[]> meanings = new TreeMap<>();
        for (Status s : Status.values()) {
            if (words.put(s.kind() + " " + s.wire(), words(s)) != null) {
                throw new IllegalStateException(s + ": another status has its kind and word");
            }
            meanings.put(s.wire(), meaning(s.wire()));
        }
        // Token by token, not by the mapper: the page is made at start, before the databind is needed.
        return Html.escape(Json.write(g -> {
            g.writeStartObject();
            for (var part : List.of(Map.entry("words", words), Map.entry("meanings", meanings))) {
                g.writeObjectFieldStart(part.getKey());
                for (Map.Entry<String, String[]> e : part.getValue().entrySet()) {
                    g.writeFieldName(e.getKey());
                    g.writeArray(e.getValue(), 0, e.getValue().length);
                }
                g.writeEndObject();
            }
            g.writeEndObject();
        }));
    }

    /** What the API's word for a day means (its spellings are the specification's own), in Chinese and English. */
    private static String[] meaning(String wire) {
        return switch (wire) {
            case "ture" -> new String[] {"法定节假日休息", "an official day off"};
            case "worker" -> new String[] {"调休上班", "a make-up working day"};
            default -> new String[] {"普通日", "an ordinary day"};
        };
    }

    /** What a day is, in Chinese and English, for a person. */
    private static String[] words(Status status) {
        return switch (status) {
            case STATUTORY -> new String[] {"法定节假日", "statutory holiday, off"};
            case STATUTORY_WEEKEND -> new String[] {"节日逢周末", "a festival on a weekend"};
            case IN_LIEU -> new String[] {"调休放假", "off in lieu of a make-up working day"};
            case SUBSTITUTE -> new String[] {"补休", "substitute day off"};
            case EXTRA, OWN_DAY_OFF, HOLIDAY -> new String[] {"放假", "day off"};
            case WEEKEND_OFF -> new String[] {"假期中的周末", "a weekend inside a break"};
            case WEEKEND -> new String[] {"周末", "weekend"};
            case MAKE_UP, WORKED_WEEKEND -> new String[] {"周末上班", "make-up working day"};
            case WORKDAY, WORKED -> new String[] {"工作日", "working day"};
            case CIVIL_SERVICE -> new String[] {"公務人員補假", "working day; the civil service's day off"};
            case CIVIL_SERVICE_AFTERNOON ->
                new String[] {"公務人員下午豁免上班", "working day; the civil service's afternoon off"};
        };
    }

    /** How new years arrive, true for the running settings: {@code offBy} names what turned updates off (null: on). */
    static String updates(String offBy) {
        return offBy == null
                ? "新一年的安排发布后，两个数据源（holiday-cn、chinese-days）一致即自动加入。<span class=\"en\">Next year's "
                        + "arrangement is added by itself once it is published and two independent sources "
                        + "(holiday-cn, "
                        + "chinese-days) agree on it.</span>"
                : "自动更新已关闭（" + offBy + "）：新一年的数据需手动放入 HOLIDAY_DATA_DIR。<span class=\"en\">Automatic "
                        + "updates are off (" + offBy + "): next year's data is added by hand, into HOLIDAY_DATA_DIR."
                        + "</span>";
    }

    /** A week rule in plain words, Chinese and English. */
    static String week(Week week, LocalDate today) {
        if (week == Week.SIX) {
            return "单休（周六上班） <span class=\"en\">Saturdays worked</span>";
        }
        if (week == Week.EXCHANGE) {
            return "交易所 <span class=\"en\">the exchange's trading days</span>";
        }
        if (week == Week.FIVE) {
            return "双休 <span class=\"en\">Monday to Friday</span>";
        }
        LocalDate saturday =
                today.plusDays(Math.floorMod(5 - today.getDayOfWeek().ordinal(), 7));
        saturday = week.works(saturday) ? saturday : saturday.plusDays(7);
        return "大小周（隔周六上班，下一个是 " + saturday + "） <span class=\"en\">every other Saturday worked, the next " + "on "
                + saturday + "</span>";
    }

    /** One example link per named calendar: the alarm for tomorrow. */
    static String calendars(Map<String, OwnCalendar> own, LocalDate today) {
        StringBuilder out = new StringBuilder();
        for (OwnCalendar s : own.values()) {
            String link = "/api/holidays?type=alarm&amp;offset=1&amp;calendar=" + s.name(); // names are [a-z0-9-]
            out.append("<li><a class=\"ex\" href=\"")
                    .append(link)
                    .append("\">")
                    .append(link)
                    .append("</a> ")
                    .append(
                            s.name().equals("exchange")
                                    ? "股市明天开不开市 <span class=\"en\">is the exchange open tomorrow</span>"
                                    : "日历 " + s.name() + "：" + week(s.week(), today) + " <span class=\"en\">calendar "
                                            + s.name() + ", with " + s.days().size() + " days of its own</span>")
                    .append("</li>");
        }
        return out.toString();
    }
}
