package pocketapi.holidays;

import java.util.ArrayList;
import java.util.List;

/**
 * The calendars a request may ask for besides the mainland's ({@code region=hk} ...): the regions module's, or none.
 * Thread-safe.
 */
public interface RegionCalendars {
    /** No region but the mainland. */
    RegionCalendars NONE = new RegionCalendars() {
        @Override
        public List<Region> regions() {
            return List.of();
        }

        @Override
        public HolidayCalendar calendar(Region region) {
            throw new IllegalArgumentException("no region " + region.code());
        }

        @Override
        public boolean updates(Region region) {
            return false;
        }
    };

    /** The regions, in the order they are listed (the mainland is not among them). */
    List<Region> regions();

    /** The calendar of one of {@link #regions}. */
    HolidayCalendar calendar(Region region);

    /** Whether the region's new years come by themselves (its update source is on). */
    boolean updates(Region region);

    /** The {@code region=} values, in order: the mainland's ({@code cn}), then each of {@link #regions}'. */
    default List<String> codes() {
        List<String> codes = new ArrayList<>(List.of(Mainland.CN.code()));
        regions().forEach(r -> codes.add(r.code()));
        return List.copyOf(codes);
    }

    /** The region of a {@code region=} value: the mainland's ({@code cn}) or one of {@link #regions}. */
    default Region parse(String code) {
        if (code.equals(Mainland.CN.code())) {
            return Mainland.CN;
        }
        for (Region r : regions()) {
            if (r.code().equals(code)) {
                return r;
            }
        }
        List<String> codes = codes();
        StringBuilder must = new StringBuilder("must be " + codes.get(0) + " (the mainland, the default)");
        for (int i = 1; i < codes.size(); i++) {
            must.append(i == codes.size() - 1 ? " or " : ", ").append(codes.get(i));
        }
        throw new IllegalArgumentException(must.toString());
    }
}
