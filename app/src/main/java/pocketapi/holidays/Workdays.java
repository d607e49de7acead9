package pocketapi.holidays;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * Working-day arithmetic over one calendar's covered range. A working day is what {@code type=alarm} calls
 * {@code work}: Monday to Friday unless a day off, and every make-up working day. Counts and steps are O(1): built once
 * per calendar from its days. Immutable.
 */
public final class Workdays {
    private final LocalDate first;
    /** before[i]: working days among the first i covered days. */
    private final int[] before;
    /** The position of every working day, in date order. */
    private final int[] positions;

    Workdays(LocalDate first, List<Day> days) {
        this.first = first;
        this.before = new int[days.size() + 1];
        int count = 0;
        for (int i = 0; i < days.size(); i++) {
            before[i] = count;
            count += days.get(i).working() ? 1 : 0;
        }
        before[days.size()] = count;
        this.positions = new int[count];
        for (int i = 0, k = 0; i < days.size(); i++) {
            if (days.get(i).working()) {
                positions[k++] = i;
            }
        }
    }

    private int index(LocalDate date) {
        return (int) (date.toEpochDay() - first.toEpochDay());
    }

    /** Working days from {@code from} to {@code to}, both included; both covered, {@code from} not after {@code to}. */
    public int count(LocalDate from, LocalDate to) {
        return before[index(to) + 1] - before[index(from)];
    }

    /**
     * The {@code n}-th working day after {@code date} ({@code n} > 0), the {@code -n}-th before it ({@code n} < 0), or
     * for {@code n} = 0 {@code date} itself when it is a working day, else the next one (chinese-days'
     * {@code findWorkday}).
     */
    public Optional<LocalDate> add(LocalDate date, int n) {
        int i = index(date);
        int rank; // 0-based position among the working days
        if (n > 0) {
            rank = before[i + 1] + n - 1;
        } else if (n < 0) {
            rank = before[i] + n;
        } else {
            rank = before[i];
        }
        if (rank < 0 || rank >= positions.length) {
            return Optional.empty();
        }
        return Optional.of(first.plusDays(positions[rank]));
    }
}
