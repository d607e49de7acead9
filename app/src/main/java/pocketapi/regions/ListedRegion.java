package pocketapi.regions;

import java.net.URI;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import pocketapi.logging.LogText;

/**
 * A region whose ordinance fixes the date of every holiday, and whose government publishes them as one list of several
 * years ({@link HolidayLists}): its updates are that list, read once a round for the years it holds, a year confirmed
 * when its days off are those the ordinance's rules give; a date beyond its data is answered by those rules (2001 on,
 * the ordinances' own years); it has no make-up working days. What is its own: its law, its list's format and words,
 * and which of the list's days are days off. Immutable.
 */
abstract class ListedRegion implements Regional {
    private static final Words WORDS = new Words("法定假日", "", "。", "，這一天上班。");
    private final List<URI> sources;
    private final Fetching.Reader<Map<Integer, Map<LocalDate, String>>> format;
    private final Published published;

    /**
     * What its government publishes, in words.
     *
     * @param holidays what its list holds: {@code general holidays}
     * @param by who publishes them, as the feed's description says: {@code 1823.gov.hk}
     * @param byChinese the same in Chinese, before the years: {@code 香港政府一站通公布的}
     * @param rules what confirms a year: {@code the General Holidays Ordinance's rules}
     */
    record Published(String holidays, String by, String byChinese, String rules) {}

    /**
     * @param sources its update setting's URLs, tried in order; none: the built-in years only
     * @param format how its list reads
     */
    ListedRegion(List<URI> sources, Fetching.Reader<Map<Integer, Map<LocalDate, String>>> format, Published published) {
        this.sources = List.copyOf(sources);
        this.format = format;
        this.published = published;
    }

    /** The holidays its ordinance gives in {@code year}, by date, each named by its festival. */
    abstract Map<LocalDate, String> rules(int year);

    /** Which of them its labour law makes statutory. */
    abstract Set<LocalDate> statutory(int year);

    /** Its days off of {@code year} among the days its list names (by date, with their names), each named. */
    abstract Map<LocalDate, String> daysOff(int year, Map<LocalDate, String> listed);

    @Override
    public final String makeUp() {
        return "";
    }

    @Override
    public final Words words() {
        return WORDS;
    }

    /** The holiday its ordinance gives on the date, and whether it is statutory; nothing before 2001. */
    @Override
    public final Beyond beyond(LocalDate date) {
        int year = date.getYear();
        return year <= 2000
                ? new Beyond(null, null, null)
                : new Beyond(rules(year).get(date), statutory(year).contains(date), null);
    }

    @Override
    public final String[] feed(boolean english, String years) {
        String holidays = published.holidays();
        return english
                ? new String[] {
                    english() + " " + holidays,
                    english() + " " + holidays + ": days off",
                    english() + " make-up working days (none)",
                    english() + "'s " + holidays + " for " + years + " (" + published.by() + "). pocketapi"
                }
                : new String[] {
                    chinese() + "公眾假期",
                    chinese() + "公眾假期（休）",
                    chinese() + "調休上班日（無）",
                    published.byChinese() + years + "年公眾假期（休）。pocketapi"
                };
    }

    @Override
    public final boolean updates() {
        return !sources.isEmpty();
    }

    @Override
    public final String sources() {
        return LogText.hosts(sources);
    }

    /**
     * A round of its updates: its list, read once for the years it holds. A year it does not hold is not published yet;
     * one it holds is confirmed when its days off are exactly those the rules give, else not, naming the first that
     * differ.
     */
    @Override
    public final Round round(Fetching fetching) {
        Fetching.Read<Map<Integer, Map<LocalDate, String>>> list = fetching.first(sources, format);
        return year -> {
            if (list == null) {
                return Offer.none(null, null);
            }
            Map<LocalDate, String> days = list.value().get(year);
            if (days == null) {
                return Offer.none(
                        list.url(), "not published yet: no " + published.holidays() + " of " + year + " listed");
            }
            Map<LocalDate, String> off = daysOff(year, days);
            Set<LocalDate> rules = rules(year).keySet();
            TreeSet<LocalDate> differ = new TreeSet<>(rules);
            differ.addAll(off.keySet());
            differ.removeIf(d -> rules.contains(d) && off.containsKey(d));
            return new Offer(
                    RegionFiles.holidays(list.url().toString(), year, off),
                    list.url(),
                    differ.isEmpty() ? published.rules() : null,
                    "its dates differ from " + published.rules() + " on " + LogText.first(List.copyOf(differ), 5));
        };
    }
}
