package pocketapi.holidays;

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
        StringBuilder codes = new StringBuilder("must be cn (the mainland, the default)");
        List<Region> all = regions();
        for (int i = 0; i < all.size(); i++) {
            codes.append(i == all.size() - 1 ? " or " : ", ").append(all.get(i).code());
        }
        throw new IllegalArgumentException(codes.toString());
    }
}
