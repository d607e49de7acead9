package pocketapi.holidays;

import java.util.List;

/**
 * Where each served holiday year comes from, and what is held back, for the landing page. Immutable; the updater
 * publishes a new one after every round.
 */
public record HolidaySources(List<Year> years, List<String> held) {
    /** Nothing known (no updater runs, as in a test of the HTTP layer alone). */
    public static final HolidaySources NONE = new HolidaySources(List.of(), List.of());

    public HolidaySources {
        years = List.copyOf(years);
        held = List.copyOf(held);
    }

    /** Where a covered year comes from. */
    public enum Origin {
        BUILT_IN("内置", "built in"),
        OPERATOR("运维文件", "operator's file (HOLIDAY_DATA_DIR)"),
        CONFIRMED("已获取并核对", "fetched, confirmed by chinese-days"),
        UNCONFIRMED("已获取，未核对", "fetched, not confirmed by chinese-days"),
        FETCHED("已获取", "fetched (confirmation off)");

        private final String chinese;
        private final String english;

        Origin(String chinese, String english) {
            this.chinese = chinese;
            this.english = english;
        }

        public String chinese() {
            return chinese;
        }

        public String english() {
            return english;
        }
    }

    public record Year(int year, Origin origin) {}
}
