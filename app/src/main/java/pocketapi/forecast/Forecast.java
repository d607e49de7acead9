package pocketapi.forecast;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import pocketapi.holidays.Day;
import pocketapi.holidays.Festival;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.HolidayYear;
import pocketapi.holidays.Law;
import pocketapi.holidays.ListedDay;
import pocketapi.holidays.LunarCalendar;

/**
 * A year's likely arrangement from the law alone, listed as a notice lists it: 《全国年节及纪念日放假办法》 as revised in 2024
 * ({@link Law}: which days are statutory) and the patterns of the notice published with that revision. Never the
 * published data, so it can be scored against it.
 *
 * <ol>
 *   <li><b>One-day festivals</b> (元旦, 清明, 端午, and 中秋 when apart from 国庆): three days with the weekend next to it — a
 *       Friday or Monday with its weekend; a Saturday or Sunday with the Monday in lieu; a Thursday with the Friday,
 *       repaid by that weekend's Sunday; a Tuesday with the Monday, repaid by that weekend's Saturday — or the day
 *       alone on a Wednesday.
 *   <li><b>Long breaks</b> start on their first statutory day: 春节 8 days from 除夕, 劳动节 5 days from 5-1, 国庆节 7 days from
 *       10-1, or 8 with 中秋 when it falls from 9-29 to 10-8 (from 中秋 when it comes first). Days off beyond the statutory
 *       ones and the weekend days inside are repaid by that many weekend make-up days, chosen among the nearest free
 *       weekend days on either side so that the longest run of working days around the break is shortest (the new
 *       article: work generally no more than 6 days in a row); a tie goes to the days nearest the break.
 * </ol>
 *
 * What no rule knows: a notice may lengthen a break (2026's 春节 ran 9 days, from 腊月二十八). Stateless.
 */
public final class Forecast {
    /** The first year of the revised law the patterns come from. */
    public static final int FIRST = 2025;
    /** How the forecast's entries name where they came from. */
    public static final String SOURCE = "forecast from the law";

    private Forecast() {}

    /** Whether a forecast can be made for {@code year}: 2025 to 2100, the lunar table's last year. */
    public static boolean covers(int year) {
        return year >= FIRST && year <= LunarCalendar.LAST.getYear();
    }

    /** The forecast of {@code year}: its days off and make-up working days, by festival name. */
    public static HolidayYear of(int year, LunarCalendar lunar) {
        if (!covers(year)) {
            throw new IllegalArgumentException(
                    "no forecast for " + year + ": " + FIRST + " to " + LunarCalendar.LAST.getYear());
        }
        Map<Festival, List<LocalDate>> law = new TreeMap<>();
        for (Law.Holiday h : Law.of(year, lunar)) {
            law.computeIfAbsent(h.festival(), f -> new ArrayList<>()).add(h.date());
        }
        LocalDate midAutumn = law.get(Festival.MID_AUTUMN).get(0);
        LocalDate national = LocalDate.of(year, 10, 1);
        boolean joined = !midAutumn.isBefore(national.minusDays(2)) && !midAutumn.isAfter(national.plusDays(7));
        TreeMap<LocalDate, ListedDay> listed = new TreeMap<>();
        for (Festival f : List.of(Festival.NEW_YEAR, Festival.QINGMING, Festival.DRAGON_BOAT, Festival.MID_AUTUMN)) {
            if (f != Festival.MID_AUTUMN || !joined) {
                oneDay(law.get(f).get(0), f.chinese(), listed);
            }
        }
        longBreak(law.get(Festival.SPRING).get(0), 8, Festival.SPRING.chinese(), 4, listed);
        longBreak(LocalDate.of(year, 5, 1), 5, Festival.LABOUR.chinese(), 2, listed);
        if (joined) {
            boolean first = midAutumn.isBefore(national);
            longBreak(first ? midAutumn : national, 8, first ? "中秋节、国庆节" : "国庆节、中秋节", 4, listed);
        } else {
            longBreak(national, 7, Festival.NATIONAL.chinese(), 3, listed);
        }
        return new HolidayYear(year, SOURCE, new ArrayList<>(listed.values()));
    }

    /**
     * A calendar of the forecast of {@code year}, answering its dates as the official one answers published ones; with
     * the next year's forecast when there is one, whose New Year break may start in this year's last days.
     */
    public static HolidayCalendar calendar(int year, java.time.Clock clock) {
        LunarCalendar lunar = LunarCalendar.get();
        try {
            return HolidayCalendar.of(
                    covers(year + 1) ? List.of(of(year, lunar), of(year + 1, lunar)) : List.of(of(year, lunar)),
                    Set.of(),
                    clock);
        } catch (HolidayDataException e) {
            throw new IllegalStateException("the forecast of " + year + " is not a valid notice", e);
        }
    }

    /** Three days with the weekend next to {@code day}, or the day alone on a Wednesday. */
    private static void oneDay(LocalDate day, String name, Map<LocalDate, ListedDay> listed) {
        int dow = day.getDayOfWeek().getValue();
        LocalDate start = day.minusDays(dow == 1 || dow == 2 ? 2 : dow == 7 ? 1 : 0);
        int days = dow == 3 ? 1 : 3;
        for (int i = 0; i < days; i++) {
            listed.put(start.plusDays(i), new ListedDay(start.plusDays(i), name, true));
        }
        if (dow == 2 || dow == 4) { // the weekend day on the far side repays the bridging Monday or Friday
            LocalDate makeUp = dow == 2 ? day.minusDays(3) : day.plusDays(3);
            listed.put(makeUp, new ListedDay(makeUp, name, false));
        }
    }

    /**
     * {@code days} days off from {@code start}, {@code statutory} of them by law, and the make-up days that repay the
     * rest.
     */
    private static void longBreak(
            LocalDate start, int days, String name, int statutory, TreeMap<LocalDate, ListedDay> listed) {
        LocalDate end = start.plusDays(days - 1);
        int weekend = 0;
        for (LocalDate d = start; !d.isAfter(end); d = d.plusDays(1)) {
            weekend += Day.weekend(d) ? 1 : 0;
            listed.put(d, new ListedDay(d, name, true));
        }
        int owed = Math.max(0, days - statutory - weekend);
        List<LocalDate> candidates = new ArrayList<>();
        for (int side = -1; side <= 1; side += 2) {
            LocalDate d = side < 0 ? start : end;
            for (int found = 0; found < owed; ) {
                d = d.plusDays(side);
                if (Day.weekend(d) && !listed.containsKey(d)) {
                    candidates.add(d);
                    found++;
                }
            }
        }
        List<LocalDate> best = null;
        long bestScore = Long.MAX_VALUE;
        for (int mask = 0; mask < 1 << candidates.size(); mask++) {
            if (Integer.bitCount(mask) != owed) {
                continue;
            }
            List<LocalDate> chosen = new ArrayList<>();
            long distance = 0;
            for (int i = 0; i < candidates.size(); i++) {
                if ((mask & 1 << i) != 0) {
                    chosen.add(candidates.get(i));
                    distance += Math.abs(candidates.get(i).toEpochDay() - (i < owed ? start : end).toEpochDay());
                }
            }
            long score = longestRun(start.minusDays(21), end.plusDays(21), listed, chosen) * 1000 + distance;
            if (score < bestScore) {
                bestScore = score;
                best = chosen;
            }
        }
        for (LocalDate d : best) {
            listed.put(d, new ListedDay(d, name, false));
        }
    }

    /** The most working days in a row from {@code from} to {@code to}, with {@code extra} as make-up days. */
    private static int longestRun(
            LocalDate from, LocalDate to, Map<LocalDate, ListedDay> listed, List<LocalDate> extra) {
        int longest = 0;
        int run = 0;
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) {
            ListedDay l = listed.get(d);
            boolean working = extra.contains(d) || (l != null ? !l.offDay() : !Day.weekend(d));
            run = working ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return longest;
    }
}
