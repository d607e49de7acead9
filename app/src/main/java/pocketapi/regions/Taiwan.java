package pocketapi.regions;

import java.net.URI;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import pocketapi.config.Setting;
import pocketapi.holidays.Day;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.HolidayYear;
import pocketapi.holidays.ListedDay;
import pocketapi.holidays.LunarCalendar;
import pocketapi.holidays.YearLaw;
import pocketapi.logging.LogText;

/**
 * Taiwan's days off by law of a year (2015 on), named as the built-in data names them: the 放假之紀念日及節日 of 紀念日及節日實施辦法, and
 * from 2025 of 紀念日及節日實施條例. 開國紀念日 (1 January); 農曆除夕 and 春節 (初一 to 初三), with 小年夜 (the day before 除夕) from 2026; 和平紀念日 (28
 * February); 兒童節 (4 April); 民族掃墓節 (清明, the solar term); 勞動節 (1 May) from 2026; 端午節; 中秋節; 孔子誕辰紀念日 (28 September) from
 * 2025; 國慶日 (10 October); 臺灣光復暨金門古寧頭大捷紀念日 (25 October) and 行憲紀念日 (25 December) from 2025. And the substitute days (補假)
 * its rules give: one on a Saturday moves to the workday before, one on a Sunday to the workday after; 小年夜, 除夕 and 春節
 * on a weekend to the workdays after; 兒童節 on 清明's date to the day its table gives (the Friday before a weekend one,
 * else the nearer weekday that bridges to the weekend). A workday here is a Monday to Friday that is neither such a day
 * nor a substitute already.
 *
 * <p>As a region ({@code region=tw}): its years built in ({@code regions/tw/}), later ones from a mirror of the office
 * calendar ({@link #UPDATE_URL}), confirmed by a second ({@link #CONFIRM_URL}). Immutable.
 */
public final class Taiwan implements Regional {
    public static final Setting<List<URI>> UPDATE_URL = Setting.of(
            "TW_UPDATE_URL",
            "https://cdn.jsdelivr.net/gh/ruyut/TaiwanCalendar/data",
            "comma-separated base URLs of Taiwan's office calendar as ruyut/TaiwanCalendar has it (year Y is "
                    + "<base>/Y.json), "
                    + "tried in order once region=tw has been asked for. off: Taiwan's built-in years only",
            v -> v.urls("https://mirror.example.com/TaiwanCalendar/data"));
    public static final Setting<List<URI>> CONFIRM_URL = Setting.of(
            "TW_CONFIRM_URL",
            "https://cdn.jsdelivr.net/gh/imsyuan/taiwan-holidays/data",
            "comma-separated base URLs of the confirming source for Taiwan, imsyuan/taiwan-holidays "
                    + "(<base>/Y/holidays.json "
                    + "and makeup-workdays.json): a new year is served at once when it lists the same days, else after "
                    + "HOLIDAY_CONFIRM_WAIT_SECONDS; a change to a year already served only when it does. "
                    + "off: new years after the "
                    + "wait, and a year already served never changes",
            v -> v.urls("https://mirror.example.com/taiwan-holidays/data"));

    /** Taiwan in the list of regions: its settings, and how it is made from them. */
    static final Kind KIND =
            new Kind(List.of(UPDATE_URL, CONFIRM_URL), urls -> new Taiwan(urls.of(UPDATE_URL), urls.of(CONFIRM_URL)));

    private static final String SPRING = "春節";
    private static final String CHILDREN = "兒童節";
    private static final Words WORDS = new Words("法定假日", "補行上班", "。", "，這一天上班。");
    private static final Legend LEGEND =
            new Legend("休 放假", "day off", "法定假日", "statutory holiday", "班 補行上班", "make-up working day");
    private final List<URI> mirrors;
    private final List<URI> confirming;

    /**
     * @param mirrors {@code TW_UPDATE_URL}: the office calendar as ruyut/TaiwanCalendar has it, tried in order; none:
     *     the built-in years only
     * @param confirming {@code TW_CONFIRM_URL}: the second mirror, imsyuan/taiwan-holidays
     */
    public Taiwan(List<URI> mirrors, List<URI> confirming) {
        this.mirrors = List.copyOf(mirrors);
        this.confirming = List.copyOf(confirming);
    }

    @Override
    public String code() {
        return "tw";
    }

    @Override
    public String english() {
        return "Taiwan";
    }

    @Override
    public String chinese() {
        return "臺灣";
    }

    @Override
    public String makeUp() {
        return "補行上班";
    }

    @Override
    public Words words() {
        return WORDS;
    }

    @Override
    public Legend legend() {
        return LEGEND;
    }

    /** Its days off by law are statutory, its 補假 substitutes (2015 on). */
    @Override
    public YearLaw law(int year) {
        LunarCalendar lunar = LunarCalendar.get();
        return covers(year)
                ? YearLaw.fixed(holidays(year, lunar).keySet(), substitutes(year, lunar), Map.of())
                : YearLaw.fixed(Set.of(), Set.of(), Map.of());
    }

    /** The day off by law on the date (2015 on). */
    @Override
    public Beyond beyond(LocalDate date) {
        if (!covers(date.getYear())) {
            return new Beyond(null, null, null);
        }
        String name = holidays(date.getYear(), LunarCalendar.get()).get(date);
        return new Beyond(name, name != null, null);
    }

    @Override
    public String[] feed(boolean english, String years) {
        return english
                ? new String[] {
                    "Taiwan public holidays",
                    "Taiwan public holidays: days off",
                    "Taiwan make-up " + "working days",
                    "Taiwan's government office calendar (DGPA) for " + years + ": days off and make-up "
                            + "working days. pocketapi"
                }
                : new String[] {
                    "臺灣放假日", "臺灣放假日（休）", "臺灣補行上班日（班）", "行政院人事行政總處公布的" + years + "年政府行政機關辦公日曆：放假（休）與補行上班（班）。pocketapi"
                };
    }

    @Override
    public boolean updates() {
        return !mirrors.isEmpty();
    }

    @Override
    public String sources() {
        return LogText.hosts(mirrors) + (confirming.isEmpty() ? "" : ", confirmed by " + LogText.hosts(confirming));
    }

    /**
     * A round of its updates: each year from the first mirror that has it ({@code <base>/YYYY.json}), confirmed when a
     * second, independent one ({@code <base>/YYYY/holidays.json} and {@code makeup-workdays.json}, both) lists the same
     * days off and Saturdays worked.
     */
    @Override
    public Round round(Fetching fetching) {
        return year -> {
            Fetching.Read<Map<LocalDate, String>> read = fetching.first(
                    mirrors.stream()
                            .map(base -> URI.create(base + "/" + year + ".json"))
                            .toList(),
                    (source, body) -> everyDay(source, year, body));
            if (read == null) {
                return Offer.none(null, null);
            }
            Map<LocalDate, String> listed = read.value();
            String confirmedBy = null;
            String why = "no confirming mirror has " + year;
            Fetching second = fetching.confirming();
            for (URI base : confirming) {
                URI url = URI.create(base + "/" + year + "/holidays.json");
                byte[] off = second.fetch(url);
                byte[] worked =
                        off == null ? null : second.fetch(URI.create(base + "/" + year + "/makeup-workdays.json"));
                try {
                    // Both files or none: a days-off list without its Saturdays worked confirms nothing.
                    Map<LocalDate, String> confirm = worked == null ? null : lists(url.toString(), year, off, worked);
                    if (confirm != null
                            && confirm.keySet().equals(listed.keySet())
                            && worked(confirm).equals(worked(listed))) {
                        confirmedBy = url.toString();
                        break;
                    }
                    why = confirm == null ? why : url + " lists other days";
                } catch (HolidayDataException e) {
                    second.note(url, "refused: " + e.problem());
                }
            }
            return new Offer(year(read.url().toString(), year, listed), read.url(), confirmedBy, why);
        };
    }

    private static Set<LocalDate> worked(Map<LocalDate, String> listed) {
        Set<LocalDate> worked = new TreeSet<>();
        listed.forEach((d, name) -> {
            if (name.isEmpty()) {
                worked.add(d);
            }
        });
        return worked;
    }

    /**
     * Taiwan's days off (named) and Saturdays worked (named {@code ""}) of {@code year}, from ruyut's file of every
     * day; a date of another year refuses the file.
     */
    static Map<LocalDate, String> everyDay(String source, int year, byte[] bytes) throws HolidayDataException {
        Map<LocalDate, String> listed = new TreeMap<>();
        RegionFiles.array(source, bytes, e -> {
            LocalDate d = RegionFiles.inYear(
                    source, year, RegionFiles.date(source, e.path("date").asText()));
            boolean off = e.path("isHoliday").asBoolean();
            String name = RegionFiles.name(source, e.path("description").asText());
            if (off && (!name.isEmpty() || !Day.weekend(d))) {
                listed.put(d, name.isEmpty() ? "放假" : name);
            } else if (!off && Day.weekend(d)) {
                listed.put(d, "");
            }
        });
        return listed;
    }

    /** The same from imsyuan's two files: its days off, and its Saturdays worked. */
    static Map<LocalDate, String> lists(String source, int year, byte[] holidays, byte[] workdays)
            throws HolidayDataException {
        Map<LocalDate, String> listed = new TreeMap<>();
        RegionFiles.array(
                source,
                holidays,
                e -> listed.put(
                        RegionFiles.inYear(
                                source,
                                year,
                                RegionFiles.date(source, e.path("date").asText())),
                        RegionFiles.name(source, e.path("description").asText("放假"))));
        RegionFiles.array(
                source,
                workdays,
                e -> listed.put(
                        RegionFiles.inYear(
                                source,
                                year,
                                RegionFiles.date(source, e.path("date").asText())),
                        ""));
        return listed;
    }

    /**
     * A Taiwan year: 小年夜, 除夕 and 春節 are 春節; 補假 and 調整放假 take their break's name; a Saturday worked, its nearest
     * break's.
     */
    static HolidayYear year(String source, int year, Map<LocalDate, String> listed) {
        Map<LocalDate, String> off = new TreeMap<>();
        listed.forEach((d, name) -> {
            if (!name.isEmpty()) {
                off.put(
                        d,
                        List.of("小年夜", "農曆除夕", "春節").contains(name)
                                ? "春節"
                                : List.of("補假", "調整放假", "放假").contains(name) ? null : name);
            }
        });
        List<ListedDay> days = RegionFiles.named(off, "開國紀念日");
        listed.forEach((d, name) -> {
            if (name.isEmpty()) {
                ListedDay nearest = null;
                for (ListedDay o : days) {
                    nearest = nearest == null
                                    || Math.abs(o.date().toEpochDay() - d.toEpochDay())
                                            < Math.abs(nearest.date().toEpochDay() - d.toEpochDay())
                            ? o
                            : nearest;
                }
                days.add(new ListedDay(d, nearest == null ? "補行上班" : nearest.festival(), false));
            }
        });
        return new HolidayYear(year, source, days);
    }

    /** The first year both the days and the substitute rules are these (內政部令 1030182404). */
    public static boolean covers(int year) {
        return year >= 2015;
    }

    /** The law's days off of {@code year}, by date, each named by its festival (two on a date: both, joined). */
    public static Map<LocalDate, String> holidays(int year, LunarCalendar lunar) {
        LocalDate newYear = lunar.date(year, 1, 1);
        Object[][] days = {
            {LocalDate.of(year, 1, 1), "開國紀念日", 0},
            {newYear.minusDays(2), SPRING, 2026},
            {newYear.minusDays(1), SPRING, 0},
            {newYear, SPRING, 0},
            {newYear.plusDays(1), SPRING, 0},
            {newYear.plusDays(2), SPRING, 0},
            {LocalDate.of(year, 2, 28), "和平紀念日", 0},
            {LocalDate.of(year, 4, 4), CHILDREN, 0},
            {lunar.termDate(year, "清明"), "民族掃墓節", 0},
            {LocalDate.of(year, 5, 1), "勞動節", 2026},
            {lunar.date(year, 5, 5), "端午節", 0},
            {lunar.date(year, 8, 15), "中秋節", 0},
            {LocalDate.of(year, 9, 28), "孔子誕辰紀念日", 2025},
            {LocalDate.of(year, 10, 10), "國慶日", 0},
            {LocalDate.of(year, 10, 25), "臺灣光復暨金門古寧頭大捷紀念日", 2025},
            {LocalDate.of(year, 12, 25), "行憲紀念日", 2025}
        };
        Map<LocalDate, String> holidays = new TreeMap<>();
        for (Object[] d : days) {
            if (year >= (Integer) d[2]) {
                holidays.merge((LocalDate) d[0], (String) d[1], (a, b) -> a.equals(b) ? a : a + "、" + b);
            }
        }
        return holidays;
    }

    /**
     * The substitute days of {@code year}: for its days off on a weekend or on another's date, and for next year's
     * 開國紀念日 on a Saturday (31 December). The 春節 days are placed last, as the DGPA's calendars place them.
     */
    public static Set<LocalDate> substitutes(int year, LunarCalendar lunar) {
        Map<LocalDate, String> law = holidays(year, lunar);
        Set<LocalDate> taken = new TreeSet<>(law.keySet());
        taken.add(LocalDate.of(year + 1, 1, 1));
        Set<LocalDate> substitutes = new TreeSet<>();
        for (Map.Entry<LocalDate, String> h : law.entrySet()) {
            LocalDate d = h.getKey();
            if (h.getValue().equals(SPRING)) {
                continue;
            }
            if (h.getValue()
                    .startsWith(CHILDREN + "、")) { // 兒童節 on 清明's date: its own day, then 清明's by the weekend rule
                int[] shift = {1, -1, -1, 1, -1, -1, -2}; // Monday .. Sunday (內政部令 1010307327)
                place(
                        d.plusDays(shift[d.getDayOfWeek().getValue() - 1]),
                        shift[d.getDayOfWeek().getValue() - 1] > 0 ? 1 : -1,
                        taken,
                        substitutes);
            }
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY) {
                place(d.minusDays(1), -1, taken, substitutes);
            } else if (d.getDayOfWeek() == DayOfWeek.SUNDAY) {
                place(d.plusDays(1), 1, taken, substitutes);
            }
        }
        LocalDate next = LocalDate.of(year + 1, 1, 1);
        if (next.getDayOfWeek() == DayOfWeek.SATURDAY) {
            place(next.minusDays(1), -1, taken, substitutes);
        }
        for (Map.Entry<LocalDate, String> h : law.entrySet()) {
            if (h.getValue().equals(SPRING) && Day.weekend(h.getKey())) {
                place(h.getKey().plusDays(1), 1, taken, substitutes);
            }
        }
        substitutes.removeIf(d -> d.getYear() != year);
        return substitutes;
    }

    /** The first workday from {@code from} on in {@code step}'s direction becomes a substitute day. */
    private static void place(LocalDate from, int step, Set<LocalDate> taken, Set<LocalDate> substitutes) {
        LocalDate d = from;
        while (Day.weekend(d) || taken.contains(d)) {
            d = d.plusDays(step);
        }
        taken.add(d);
        substitutes.add(d);
    }
}
