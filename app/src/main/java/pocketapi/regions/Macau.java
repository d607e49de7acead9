package pocketapi.regions;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import pocketapi.holidays.Day;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.LunarCalendar;
import pocketapi.holidays.Status;
import pocketapi.holidays.YearLaw;
import pocketapi.logging.LogText;

/**
 * Macau's public holidays of a year by Ordem Executiva n.º 60/2000, named by festival as the built-in data names them:
 * 元旦; 農曆正月初一 to 初三; 清明 (the solar term); Good Friday and the day before Easter (復活節); 1 May; 佛誕節 (四月初八); 端午 (五月初五); the
 * day after 中秋 (八月十六); 1 and 2 October; 重陽 (九月初九); 追思節 (2 November); 聖母無原罪瞻禮 (8 December); 20 December; 冬至 (the solar
 * term); 24 and 25 December. None moves when it falls on a weekend; two on one date share it. Which of them are
 * mandatory holidays, binding every employer (Lei n.º 7/2008, art. 44). And the days the civil service alone has off:
 * its compensatory rest days and the afternoons exempted from work.
 *
 * <p>As a region ({@code region=mo}): its years built in ({@code regions/mo/}), later ones from the government's
 * iCalendar ({@code MO_UPDATE_URL}), confirmed by the ordinance's rules. Immutable.
 */
public final class Macau implements Regional {
    private static final Words WORDS = new Words("法定假日", "", "。", "，這一天上班。");
    private final List<URI> sources;

    /**
     * @param sources {@code MO_UPDATE_URL}: its iCalendar of public holidays, tried in order; none: the built-in years
     */
    public Macau(List<URI> sources) {
        this.sources = List.copyOf(sources);
    }

    @Override
    public String code() {
        return "mo";
    }

    @Override
    public String english() {
        return "Macau";
    }

    @Override
    public String chinese() {
        return "澳門";
    }

    @Override
    public String makeUp() {
        return "";
    }

    @Override
    public Words words() {
        return WORDS;
    }

    /** Its mandatory holidays are statutory; the civil service's compensatory days and afternoons stay working days. */
    @Override
    public YearLaw law(int year) {
        LunarCalendar lunar = LunarCalendar.get();
        Map<LocalDate, Status> civil = new TreeMap<>();
        afternoons(year, lunar).forEach(d -> civil.put(d, Status.CIVIL_SERVICE_AFTERNOON));
        compensatory(year, lunar).keySet().forEach(d -> civil.put(d, Status.CIVIL_SERVICE));
        return YearLaw.fixed(mandatory(year, lunar), Set.of(), civil);
    }

    /** The public holiday the ordinance gives on the date, and whether it is mandatory (2001 on). */
    @Override
    public Beyond beyond(LocalDate date) {
        return Regional.ruled(
                date, y -> publicHolidays(y, LunarCalendar.get()), y -> mandatory(y, LunarCalendar.get()));
    }

    @Override
    public String[] feed(boolean english, String years) {
        return english
                ? new String[] {
                    "Macau public holidays",
                    "Macau public holidays: days off",
                    "Macau make-up " + "working days (none)",
                    "Macau's public holidays for " + years + " (Ordem Executiva 60/2000). pocketapi"
                }
                : new String[] {"澳門公眾假期", "澳門公眾假期（休）", "澳門調休上班日（無）", "澳門特別行政區" + years + "年公眾假期（休）。pocketapi"};
    }

    @Override
    public boolean updates() {
        return !sources.isEmpty();
    }

    @Override
    public String sources() {
        return LogText.hosts(sources);
    }

    /**
     * A round of its updates: the government's iCalendar, read once for the years it holds; its public holidays, the
     * civil service's days left out (by their summary, 補假, 下午 or 豁免, and by the rules that give them), confirmed when
     * they are the ordinance's. A confirmed year is named as the built-in ones are; one that is not keeps each extra
     * day's own summary.
     */
    @Override
    public Round round(Fetching fetching) {
        return Regional.listed(fetching.first(sources, Macau::iCalendar), "public holidays", (year, from, events) -> {
            LunarCalendar lunar = LunarCalendar.get();
            Set<LocalDate> civil = new TreeSet<>(compensatory(year, lunar).keySet());
            civil.addAll(afternoons(year, lunar));
            Map<LocalDate, String> rules = publicHolidays(year, lunar);
            Map<LocalDate, String> off = new TreeMap<>();
            events.forEach((d, summary) -> {
                if (!civil.contains(d)
                        && !summary.contains("補假")
                        && !summary.contains("下午")
                        && !summary.contains("豁免")) {
                    off.put(d, rules.getOrDefault(d, summary));
                }
            });
            return Offer.checked(year, from, off, rules.keySet(), "Ordem Executiva 60/2000's rules");
        });
    }

    /**
     * The days of an iCalendar's all-day events (RFC 5545: folded lines, {@code DTSTART}, an exclusive {@code DTEND},
     * {@code SUMMARY}) by year, each with its summary; a date two events cover keeps the first one's (an event may
     * repeat another's day, never grow it). Macau's government publishes its holidays so. Read a line at a time; an
     * event of more than 31 days (no holiday is that long), more than {@value RegionFiles#MAX_EVENTS} events or a
     * summary that is no name refuse the file.
     */
    static Map<Integer, Map<LocalDate, String>> iCalendar(String source, byte[] bytes) throws HolidayDataException {
        List<String> lines = unfolded(source, bytes);
        if (lines.isEmpty() || !lines.get(0).equals("BEGIN:VCALENDAR")) {
            throw new HolidayDataException(source, "not an iCalendar");
        }
        Map<Integer, Map<LocalDate, String>> years = new TreeMap<>();
        LocalDate start = null;
        LocalDate end = null;
        String summary = "";
        int events = 0;
        for (String line : lines) {
            int colon = line.indexOf(':');
            String property =
                    colon < 0 ? line : line.substring(0, colon).split(";", 2)[0].toUpperCase(Locale.ROOT);
            String value = colon < 0 ? "" : line.substring(colon + 1);
            if (line.equals("BEGIN:VEVENT")) {
                if (++events > RegionFiles.MAX_EVENTS) {
                    throw new HolidayDataException(source, "more than " + RegionFiles.MAX_EVENTS + " events");
                }
                start = null;
                end = null;
                summary = "";
            } else if (property.equals("DTSTART") || property.equals("DTEND")) {
                LocalDate d = RegionFiles.date(source, value.substring(0, Math.min(8, value.length())));
                start = property.equals("DTSTART") ? d : start;
                end = property.equals("DTEND") ? d : end;
            } else if (property.equals("SUMMARY")) {
                summary = RegionFiles.name(
                        source,
                        value.replace("\\,", ",")
                                .replace("\\;", ";")
                                .replace("\\n", " ")
                                .replace("\\\\", "\\")
                                .strip());
            } else if (line.equals("END:VEVENT")) {
                if (start == null) {
                    throw new HolidayDataException(source, "an event without DTSTART");
                }
                LocalDate last = end == null || !end.isAfter(start) ? start : end.minusDays(1);
                if (last.toEpochDay() - start.toEpochDay() > 31) {
                    throw new HolidayDataException(source, "an event of more than 31 days from " + start);
                }
                for (LocalDate d = start; !d.isAfter(last); d = d.plusDays(1)) {
                    years.computeIfAbsent(d.getYear(), y -> new TreeMap<>()).putIfAbsent(d, summary);
                }
            }
        }
        return years;
    }

    /**
     * An iCalendar's lines, unfolded (a line that starts with a space or tab continues the one before), decoded one at
     * a time: no copy of the whole text is made.
     */
    private static List<String> unfolded(String source, byte[] bytes) throws HolidayDataException {
        List<String> lines = new ArrayList<>();
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();
        int from = bytes.length >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF
                ? 3
                : 0;
        StringBuilder line = null;
        for (int end; from < bytes.length; from = end + 1) {
            end = from;
            while (end < bytes.length && bytes[end] != '\n') {
                end++;
            }
            int to = end > from && bytes[end - 1] == '\r' ? end - 1 : end;
            if (to - from > 4 * MAX_LINE) {
                throw new HolidayDataException(source, "a line of more than " + MAX_LINE + " characters");
            }
            String text;
            try {
                text = utf8.decode(ByteBuffer.wrap(bytes, from, to - from)).toString();
            } catch (CharacterCodingException e) {
                throw new HolidayDataException(source, "not valid UTF-8 text");
            }
            if (line != null && (text.startsWith(" ") || text.startsWith("\t"))) {
                if (line.length() + text.length() > MAX_LINE) {
                    throw new HolidayDataException(source, "a line of more than " + MAX_LINE + " characters");
                }
                line.append(text, 1, text.length());
                continue;
            }
            if (line != null) {
                lines.add(line.toString());
            }
            line = new StringBuilder(text);
        }
        if (line != null) {
            lines.add(line.toString());
        }
        return lines;
    }

    /** The longest unfolded iCalendar line read: a summary of a name's length, and its parameters. */
    private static final int MAX_LINE = 1_000;

    /**
     * The public holidays of {@code year} (2001 on), by date, each named by its festival (two on a date: both, joined).
     */
    public static Map<LocalDate, String> publicHolidays(int year, LunarCalendar lunar) {
        LocalDate easter = Easter.sunday(year);
        Object[][] days = {
            {LocalDate.of(year, 1, 1), "元旦"},
            {lunar.date(year, 1, 1), "農曆新年"},
            {lunar.date(year, 1, 2), "農曆新年"},
            {lunar.date(year, 1, 3), "農曆新年"},
            {lunar.termDate(year, "清明"), "清明節"},
            {easter.minusDays(2), "復活節"},
            {easter.minusDays(1), "復活節"},
            {LocalDate.of(year, 5, 1), "勞動節"},
            {lunar.date(year, 4, 8), "佛誕節"},
            {lunar.date(year, 5, 5), "端午節"},
            {lunar.date(year, 8, 16), "中秋節"},
            {LocalDate.of(year, 10, 1), "國慶日"},
            {LocalDate.of(year, 10, 2), "國慶日"},
            {lunar.date(year, 9, 9), "重陽節"},
            {LocalDate.of(year, 11, 2), "追思節"},
            {LocalDate.of(year, 12, 8), "聖母無原罪瞻禮"},
            {LocalDate.of(year, 12, 20), "澳門特別行政區成立紀念日"},
            {lunar.termDate(year, "冬至"), "冬至"},
            {LocalDate.of(year, 12, 24), "聖誕節"},
            {LocalDate.of(year, 12, 25), "聖誕節"}
        };
        Map<LocalDate, String> holidays = new TreeMap<>();
        for (Object[] d : days) {
            holidays.merge((LocalDate) d[0], (String) d[1], (a, b) -> a.equals(b) ? a : a + "、" + b);
        }
        return holidays;
    }

    /**
     * The civil service's compensatory rest days of {@code year} (補假, ETAPM art. 79 no. 4; 2020 on), each named for its
     * holiday ({@code 清明節的補假}): a public holiday on a Saturday or Sunday gives the first Monday to Friday after it that
     * is neither a public holiday nor given already, the holidays taken in date order.
     */
    public static Map<LocalDate, String> compensatory(int year, LunarCalendar lunar) {
        Map<LocalDate, String> holidays = publicHolidays(year, lunar);
        Map<LocalDate, String> given = new TreeMap<>();
        if (year < 2020) {
            return given;
        }
        for (Map.Entry<LocalDate, String> h : holidays.entrySet()) {
            if (!Day.weekend(h.getKey())) {
                continue;
            }
            for (String festival : h.getValue().split("、")) {
                LocalDate d = h.getKey().plusDays(1);
                while (Day.weekend(d) || holidays.containsKey(d) || given.containsKey(d)) {
                    d = d.plusDays(1);
                }
                given.put(d, festival + "的補假");
            }
        }
        return given;
    }

    /**
     * The afternoons of {@code year} the Chief Executive has exempted the civil service from work every year since
     * 2018: 農曆除夕 and 31 December (除夕), where they fall on a Monday to Friday.
     */
    public static Set<LocalDate> afternoons(int year, LunarCalendar lunar) {
        Set<LocalDate> afternoons = new TreeSet<>();
        for (LocalDate d : List.of(lunar.date(year, 1, 1).minusDays(1), LocalDate.of(year, 12, 31))) {
            if (year >= 2018 && !Day.weekend(d)) {
                afternoons.add(d);
            }
        }
        return afternoons;
    }

    /**
     * The mandatory holidays of {@code year}: 元旦, 初一 to 初三, 清明, 1 May, the day after 中秋, 1 October, 重陽, 20 December.
     */
    public static Set<LocalDate> mandatory(int year, LunarCalendar lunar) {
        return new TreeSet<>(List.of(
                LocalDate.of(year, 1, 1),
                lunar.date(year, 1, 1),
                lunar.date(year, 1, 2),
                lunar.date(year, 1, 3),
                lunar.termDate(year, "清明"),
                LocalDate.of(year, 5, 1),
                lunar.date(year, 8, 16),
                LocalDate.of(year, 10, 1),
                lunar.date(year, 9, 9),
                LocalDate.of(year, 12, 20)));
    }
}
