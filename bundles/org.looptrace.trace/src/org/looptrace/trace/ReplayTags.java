// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The tags a replay program sends that stand for tags MPI cannot carry as they are: a symbolic tag
 * ({@code tag1}) is one number, a communicator's tags ({@code c5.1000} .. {@code c5.1004}) a range of
 * numbers, all above the model's numeric tags. Written beside the program as {@value #FILE}, one line
 * per symbol ({@code 100 tag1}) or communicator ({@code 101-105 c5.1000-1004}); {@link #restore}
 * writes the model's tags back into the traces of a traced replay.
 */
public final class ReplayTags {

	/** The name of the table in a replay program's folder. */
	public static final String FILE = "replay.tags";
	/** Where {@link #restoreInto} writes a trace folder's traces with the model's tags: a cache inside it. */
	public static final String RESTORED = ".looptrace/tags";

	/** A number of the table: at most 18 digits, so that it and the sums of two are longs. */
	private static final String NUMBER = "(\\d{1,18})";
	private static final Pattern SYMBOL = Pattern.compile(NUMBER + " (\\S+)");
	private static final Pattern COMMUNICATOR = Pattern.compile(NUMBER + "-" + NUMBER + " ([^.\\s]+)\\." + NUMBER + "-" + NUMBER);

	/** Numbers {@code from..to} stand for {@code token} (a symbol, from = to) or for {@code communicator.first+k}. */
	private record Entry(long from, long to, String token, @Nullable Long first) {
	}

	private final List<Entry> entries;

	private ReplayTags(List<Entry> entries) {
		this.entries = List.copyOf(entries);
	}

	/** A table being built, in increasing numbers. */
	public static final class Builder {
		private final List<Entry> entries = new ArrayList<>();

		/** The symbol is sent as {@code number}. */
		public Builder symbol(long number, String symbol) {
			entries.add(new Entry(number, number, symbol, null));
			return this;
		}

		/** The communicator's tags {@code first..last} are sent as {@code from..from+last-first}. */
		public Builder communicator(long from, String communicator, long first, long last) {
			entries.add(new Entry(from, from + last - first, communicator, first));
			return this;
		}

		public ReplayTags build() {
			return new ReplayTags(entries);
		}
	}

	/** Whether no tag needs translating (the model's tags are all numbers on MPI_COMM_WORLD). */
	public boolean isEmpty() {
		return entries.isEmpty();
	}

	/** The model's tag token for a number sent by the replay: itself unless the table names it. */
	public String token(long number) {
		for (Entry entry : entries) {
			if (number >= entry.from && number <= entry.to) {
				Long first = entry.first;
				return first == null ? entry.token : entry.token + "." + (first + number - entry.from);
			}
		}
		return Long.toString(number);
	}

	/** The text of {@value #FILE}. */
	public String text() {
		StringBuilder text = new StringBuilder("# MPI tag sent by the replay -> the tag of the model\n");
		for (Entry entry : entries) {
			Long first = entry.first;
			if (first == null) {
				text.append(entry.from).append(' ').append(entry.token).append('\n');
			} else {
				text.append(entry.from).append('-').append(entry.to).append(' ').append(entry.token).append('.').append(first).append('-')
						.append(first + entry.to - entry.from).append('\n');
			}
		}
		return text.toString();
	}

	/**
	 * Reads the table of a replay program's folder; no table means no tag to translate.
	 *
	 * @throws IOException when the table cannot be read or a line is not one of the two forms
	 */
	public static ReplayTags read(Path folder) throws IOException {
		Path file = folder.resolve(FILE);
		return Files.exists(file) ? readFile(file) : new Builder().build();
	}

	/**
	 * Reads a table written as {@value #FILE} (under any name).
	 *
	 * @throws TraceFormatException when a line is not one of the two forms or its numbers are out of
	 *                              range, its diagnostic naming the file and the line
	 * @throws IOException          when the file cannot be read
	 */
	public static ReplayTags readFile(Path file) throws IOException {
		Builder builder = new Builder();
		int number = 0;
		for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
			number++;
			if (line.isEmpty() || line.startsWith("#")) {
				continue;
			}
			Matcher symbol = SYMBOL.matcher(line);
			Matcher communicator = COMMUNICATOR.matcher(line);
			if (symbol.matches()) {
				builder.symbol(Long.parseLong(symbol.group(1)), symbol.group(2));
			} else if (communicator.matches() && isRange(communicator)) {
				builder.communicator(Long.parseLong(communicator.group(1)), communicator.group(3), Long.parseLong(communicator.group(4)),
						Long.parseLong(communicator.group(5)));
			} else {
				throw new TraceFormatException(Diagnostic.error(file, number, 0, "expected 'NUMBER SYMBOL' or 'FROM-TO COMMUNICATOR.FIRST-LAST'"
						+ " (as many numbers as tags, FIRST <= LAST, at most 18 digits a number), found '" + line + "'"));
			}
		}
		return builder.build();
	}

	/** Whether a communicator's line maps as many numbers as tags, in increasing order. */
	private static boolean isRange(Matcher communicator) {
		long from = Long.parseLong(communicator.group(1));
		long to = Long.parseLong(communicator.group(2));
		long first = Long.parseLong(communicator.group(4));
		long last = Long.parseLong(communicator.group(5));
		return first <= last && to - from == last - first;
	}

	/**
	 * Rewrites the tags of the send and recv lines of every {@code trace.<rank>} of a folder (the
	 * traces of the replay) into the model's tags; other lines are kept as they are.
	 *
	 * @return the number of trace files rewritten
	 */
	public int restore(Path traceFolder) throws IOException {
		List<Path> traces = traces(traceFolder);
		for (Path trace : traces) {
			restore(trace, trace);
		}
		return traces.size();
	}

	/**
	 * The traces of a folder with the model's tags, its files left as they are: every
	 * {@code trace.<rank>} rewritten as {@link #restore(Path)} does into {@value #RESTORED} of the
	 * folder (the traces of an earlier restore there replaced), where they can be modelled.
	 *
	 * @return the folder of the restored traces
	 */
	public Path restoreInto(Path traceFolder) throws IOException {
		return restoreInto(traceFolder, traceFolder.resolve(RESTORED));
	}

	/**
	 * The traces of a folder with the model's tags, written into {@code into} as
	 * {@link #restoreInto(Path)} does (for a caller that keeps its copies elsewhere, as the IDE in its
	 * state, so that the folder holds only the user's files).
	 *
	 * @return {@code into}, created when missing
	 */
	public Path restoreInto(Path traceFolder, Path into) throws IOException {
		Files.createDirectories(into);
		for (Path old : traces(into)) {
			Files.delete(old);
		}
		for (Path trace : traces(traceFolder)) {
			restore(trace, into.resolve(trace.getFileName()));
		}
		return into;
	}

	/** The {@code trace.<rank>} files of a folder. */
	private static List<Path> traces(Path folder) throws IOException {
		try (Stream<Path> files = Files.list(folder)) {
			return files.filter(file -> file.getFileName().toString().matches("trace\\.\\d+")).sorted().toList();
		}
	}

	/** One trace file with its tags restored, written to {@code to} (which may be {@code from}). */
	private void restore(Path from, Path to) throws IOException {
		StringBuilder text = new StringBuilder();
		for (String line : Files.readAllLines(from, StandardCharsets.UTF_8)) {
			text.append(restoreLine(line)).append('\n');
		}
		Files.writeString(to, text, StandardCharsets.UTF_8);
	}

	/** {@code src send|recv dst tag} with its tag translated; other lines unchanged. */
	String restoreLine(String line) {
		String[] fields = line.split(" ");
		if (fields.length == 4 && (fields[1].equals("send") || fields[1].equals("recv")) && fields[3].matches("\\d{1,18}")) {
			return fields[0] + ' ' + fields[1] + ' ' + fields[2] + ' ' + token(Long.parseLong(fields[3]));
		}
		return line;
	}
}
