package pocketapi.holidays;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The breaks of the official notices 2020-2026, from the test resource holiday-breaks.csv: written from the notices and
 * the law (with chinese-days' lunar dates), not by the service's code.
 */
public final class BreakFacts {
    private BreakFacts() {}

    public static List<Break> all() {
        List<Break> breaks = new ArrayList<>();
        for (String line : TestYears.resource("holiday-breaks.csv").lines().toList()) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split(",", -1);
            Break b = new Break(
                    Integer.parseInt(f[0]),
                    f[1],
                    LocalDate.parse(f[2]),
                    LocalDate.parse(f[3]),
                    dates(f[5]),
                    dates(f[6]),
                    dates(f[7]));
            if (b.days() != Integer.parseInt(f[4])) {
                throw new IllegalStateException("holiday-breaks.csv: the days of " + line + " do not add up");
            }
            breaks.add(b);
        }
        return breaks;
    }

    private static List<LocalDate> dates(String field) {
        return field.isBlank()
                ? List.of()
                : Arrays.stream(field.split(" ")).map(LocalDate::parse).toList();
    }

    /** The kind of every weekday off the facts name: statutory, in lieu, substitute or extra. */
    public static java.util.Map<LocalDate, Status> weekdayKinds() {
        java.util.Map<LocalDate, Status> kinds = new java.util.HashMap<>();
        for (String line : TestYears.resource("holiday-breaks.csv").lines().toList()) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split(",", -1);
            Status[] columns = {Status.STATUTORY, Status.IN_LIEU, Status.SUBSTITUTE, Status.EXTRA};
            for (int c = 0; c < columns.length; c++) {
                for (LocalDate d : dates(f[6 + c])) {
                    kinds.put(d, columns[c]);
                }
            }
        }
        return kinds;
    }

    public static List<Break> of(int year) {
        return all().stream().filter(b -> b.year() == year).toList();
    }

    /** The break under way on {@code date}, else the next, computed here from the facts alone. */
    public static Optional<Break> onOrAfter(LocalDate date) {
        Break best = null;
        for (Break b : all()) {
            if (b.contains(date)) {
                return Optional.of(b);
            }
            if (b.start().isAfter(date) && (best == null || b.start().isBefore(best.start()))) {
                best = b;
            }
        }
        return Optional.ofNullable(best);
    }
}
