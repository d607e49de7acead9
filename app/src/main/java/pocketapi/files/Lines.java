package pocketapi.files;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A stream read one line at a time, each line a stream of its own that ends at its newline: a parser can read a line to
 * its end, whatever its length, in constant memory, and a line it cannot read does not keep it from the next. Not
 * thread-safe.
 */
public final class Lines extends FilterInputStream {
    private boolean inLine;

    public Lines(InputStream in) {
        super(new BufferedInputStream(in, 1 << 16));
    }

    /** Moves to the next non-empty line (skipping what is left of this one); false at the end of the stream. */
    public boolean next() throws IOException {
        while (inLine) {
            read();
        }
        int b;
        do {
            in.mark(1);
            b = in.read();
        } while (b == '\n');
        in.reset();
        inLine = b >= 0;
        return inLine;
    }

    @Override
    public int read() throws IOException {
        int b = inLine ? in.read() : -1;
        inLine = b >= 0 && b != '\n';
        return inLine ? b : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = 0;
        for (int c; n < len && (c = read()) >= 0; n++) {
            b[off + n] = (byte) c;
        }
        return n == 0 && len > 0 ? -1 : n;
    }
}
