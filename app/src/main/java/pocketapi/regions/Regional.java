package pocketapi.regions;

import java.net.URI;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntFunction;
import pocketapi.holidays.HolidayYear;
import pocketapi.holidays.Region;
import pocketapi.logging.LogText;

/**
 * A region of this module, one object: its law and words ({@link Region}), its data files (built in under
 * {@link #folder}), and its update source ({@link #round}). Adding a region is one class of this kind, listed in
 * {@link Regions}. Implementations are immutable.
 */
public interface Regional extends Region {
    /** Where its years are built in, holiday-cn's layout with an {@code index.txt}. */
    default String folder() {
        return "regions/" + code() + "/";
    }

    /** Whether its update source is on. */
    boolean updates();

    /** Where its updates come from, for the start-up line: hosts only. */
    String sources();

    /** One round of its update source: what it says of each year asked for, read as it is asked. */
    Round round(Fetching fetching);

    /** What a region's source says of the years of one round. */
    interface Round {
        Offer offer(int year);
    }

    /**
     * What a source gives of one year: the year, where it came from, and what confirms it (null: nothing, and
     * {@code why}); or no year ({@code year} null), with what to note of that at {@code from} (both null: nothing to
     * say).
     */
    record Offer(HolidayYear year, URI from, String confirmedBy, String why) {
        static Offer none(URI from, String why) {
            return new Offer(null, from, null, why);
        }

        /**
         * The days off a source {@code given} for {@code year}, confirmed by {@code law} ("the General Holidays
         * Ordinance's rules") when they are exactly the dates its rules give, else not, naming the first that differ.
         */
        static Offer checked(int year, URI from, Map<LocalDate, String> given, Set<LocalDate> rules, String law) {
            TreeSet<LocalDate> differ = new TreeSet<>(rules);
            differ.addAll(given.keySet());
            differ.removeIf(d -> rules.contains(d) && given.containsKey(d));
            return new Offer(
                    RegionFiles.holidays(from.toString(), year, given),
                    from,
                    differ.isEmpty() ? law : null,
                    "its dates differ from " + law + " on " + LogText.first(List.copyOf(differ), 5));
        }
    }

    /** What a source's list, read once for the years it holds, offers of one year it holds. */
    interface Listed {
        Offer offer(int year, URI from, Map<LocalDate, String> days);
    }

    /**
     * A round over one list of years (null: no source answered): a year it does not hold is not published yet ("no
     * {@code what} of 2027 listed"); one it holds, what {@code listed} makes of it.
     */
    static Round listed(Fetching.Read<Map<Integer, Map<LocalDate, String>>> list, String what, Listed listed) {
        return year -> {
            if (list == null) {
                return Offer.none(null, null);
            }
            Map<LocalDate, String> days = list.value().get(year);
            return days == null
                    ? Offer.none(list.url(), "not published yet: no " + what + " of " + year + " listed")
                    : listed.offer(year, list.url(), days);
        };
    }

    /**
     * A date beyond the data, by the law's rules from 2001 (the ordinances' own years): the holiday {@code days} gives
     * on it, and whether {@code paid} lists it; nothing before 2001.
     */
    static Beyond ruled(LocalDate date, IntFunction<Map<LocalDate, String>> days, IntFunction<Set<LocalDate>> paid) {
        int year = date.getYear();
        return year <= 2000
                ? new Beyond(null, null, null)
                : new Beyond(days.apply(year).get(date), paid.apply(year).contains(date), null);
    }
}
