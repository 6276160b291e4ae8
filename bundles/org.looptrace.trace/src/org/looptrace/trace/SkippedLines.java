// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The malformed lines that lenient readers skipped (see {@link EventReader#open(Path, int, int, SkippedLines)}
 * and {@link TraceFolder#openLenient}): one diagnostic per skipped line, naming file, line, column
 * and what was expected. Memory stays bounded whatever the number of bad lines: the first
 * {@code keptPerFile} diagnostics of each file are kept, the others only counted. Thread-safe, so
 * readers of several ranks running at once may share one.
 */
public final class SkippedLines {

	private final int keptPerFile;
	private final Map<Path, List<Diagnostic>> kept = new TreeMap<>();
	private final Map<Path, long[]> counts = new TreeMap<>();

	/** @param keptPerFile how many diagnostics to keep per file (the others are counted) */
	public SkippedLines(int keptPerFile) {
		if (keptPerFile < 0) {
			throw new IllegalArgumentException("keptPerFile must not be negative, found " + keptPerFile);
		}
		this.keptPerFile = keptPerFile;
	}

	/** Records one skipped line. */
	public synchronized void add(Diagnostic diagnostic) {
		long count = ++counts.computeIfAbsent(diagnostic.file(), file -> new long[1])[0];
		if (count <= keptPerFile) {
			kept.computeIfAbsent(diagnostic.file(), file -> new ArrayList<>()).add(diagnostic);
		}
	}

	/** How many diagnostics are kept per file. */
	public int keptPerFile() {
		return keptPerFile;
	}

	/** Lines skipped in all files. */
	public synchronized long count() {
		return counts.values().stream().mapToLong(count -> count[0]).sum();
	}

	/** Lines skipped in one file. */
	public synchronized long count(Path file) {
		long[] count = counts.get(file);
		return count == null ? 0 : count[0];
	}

	/** The kept diagnostics of one file, in line order. */
	public synchronized List<Diagnostic> of(Path file) {
		List<Diagnostic> list = new ArrayList<>(kept.getOrDefault(file, List.of()));
		list.sort(Comparator.comparingLong(Diagnostic::line));
		return list;
	}

	/**
	 * The first {@code limit} kept diagnostics, by file then line: all the first {@code limit} skipped
	 * lines in that order when {@code limit} is at most {@link #keptPerFile()}.
	 */
	public synchronized List<Diagnostic> first(int limit) {
		List<Diagnostic> first = new ArrayList<>();
		for (Path file : kept.keySet()) {
			for (Diagnostic diagnostic : of(file)) {
				if (first.size() == limit) {
					return first;
				}
				first.add(diagnostic);
			}
		}
		return first;
	}

	/** Whether no line was skipped. */
	public synchronized boolean isEmpty() {
		return counts.isEmpty();
	}
}
