package pocketapi.web;

import java.util.List;
import java.util.function.Consumer;

/**
 * What a module tells {@code /metrics} of itself, without knowing the metrics library: gauges and counters read at each
 * scrape, by name, help text and label names. Names are prefixed {@code pocketapi_} by the metrics module. Used while
 * the server is built; the readings run on the scraping thread and must be thread-safe.
 */
public interface Measures {
    /** One reading: a value and its label values, in the order of the label names. */
    interface Reading {
        void value(double value, String... labels);
    }

    /** A value that goes up and down ({@code _seconds}, {@code _bytes} and the like in its name). */
    void gauge(String name, String help, List<String> labels, Consumer<Reading> read);

    /** A total that only rises while the service runs (its name without {@code _total}: the library adds it). */
    void counter(String name, String help, List<String> labels, Consumer<Reading> read);
}
