package pocketapi.regions;

import java.net.URI;
import java.util.List;
import java.util.function.Function;
import pocketapi.config.Config;
import pocketapi.config.Setting;
import pocketapi.holidays.HolidayYear;
import pocketapi.holidays.Region;

/**
 * A region of this module, one object: its law and words ({@link Region}), its data files (built in under
 * {@link #folder}), and its update source ({@link #round}), made from its own settings ({@link Kind}). Adding a region
 * is one class of this kind, listed in {@link Regions#ALL}. Implementations are immutable.
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
    }

    /**
     * A region as {@link Regions#ALL} lists it, before the settings are read: its settings (the URLs of its update
     * sources, in the order of {@code --help}), and how their values make it.
     */
    record Kind(List<Setting<List<URI>>> settings, Function<Urls, Regional> make) {
        /** The region with the sources {@code config} gives it. */
        public Regional of(Config config) {
            return make.apply(config::get);
        }

        /** The region with every source off: its built-in years only. */
        public Regional off() {
            return make.apply(setting -> List.of());
        }
    }

    /** The URLs each of a region's settings gives it (none: that source is off). */
    interface Urls {
        List<URI> of(Setting<List<URI>> setting);
    }
}
