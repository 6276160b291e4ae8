// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.collectives;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.looptrace.analysis.collectives.internal.MessageSizes;
import org.looptrace.analysis.collectives.internal.Shapes;
import org.looptrace.analysis.collectives.internal.Split;
import org.looptrace.analysis.collectives.internal.Walk;
import org.looptrace.analysis.collectives.internal.Walk.Ev;
import org.looptrace.analysis.collectives.internal.Walk.Group;
import org.looptrace.model.Block;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.Positions;
import org.looptrace.scanner.ScanRecord;

/**
 * Groups of point-to-point messages that resemble collective operations (after Kranzlmüller et al.)
 * or named shapes, found on a global model.
 * <p>
 * The model is walked without expanding repetitions (see {@link Walk}): a loop that repeats the
 * same messages is read once and what it holds is counted by its iterations; loops over ranks are
 * walked rank by rank. Messages are grouped by the calls they are sent and received in (the calls
 * of several ranks that messages link are one group), when the trace recorded calls of user
 * functions (Alawneh et al.: the call context is what makes detection precise), and by loop body
 * otherwise. A group that resembles nothing as a whole is cut by tag, and a tag's messages are then
 * cut into the operations the ranks ran one after the other (see {@link Split}). Without context,
 * the whole run is tried first as one group, every loop multiplying what it holds, whole and by
 * tag: that is robust to the iterations NLR peels off a loop; only the tags it leaves unexplained
 * are looked for loop body by loop body, and only there halos and wavefronts (told apart by the
 * order of each rank's events in one iteration). Each group is compared with the messages each
 * hand-rolled algorithm sends (linear and binomial broadcast and reduce from any root, ring
 * allgather, butterfly allreduce, pairwise alltoall, dissemination barrier, ring, halo, wavefront,
 * master–worker).
 * <p>
 * A broadcast and a scatter send the same messages, as do a reduce and a gather, and a butterfly
 * allreduce and a recursive-doubling allgather: only message sizes tell them apart. Given a trace
 * folder with data traces ({@code size} of {@code data.<rank>}), a tree or butterfly whose edges
 * carry different amounts is a {@code scatter}, {@code gather} or {@code allgather}; with equal
 * amounts, or without data traces ({@link #sizesRead()} false), it is reported as {@code bcast},
 * {@code reduce} or {@code allreduce} ({@link GroupPattern#sameMessagesAs()}).
 */
public final class CollectivePatterns {

	private final List<Occurrence> occurrences;
	private final boolean sizesRead;
	/** Whether some messages resembled nothing whole and were cut into operations. */
	private final boolean cut;

	private CollectivePatterns(List<Occurrence> occurrences, boolean sizesRead, boolean cut) {
		this.occurrences = List.copyOf(occurrences);
		this.sizesRead = sizesRead;
		this.cut = cut;
	}

	/**
	 * Finds the patterns of a global model, without message sizes.
	 *
	 * @param useContext whether to group messages by the calls of user functions ({@code local call
	 * F} / {@code local return F}) when the model has any
	 * @throws IllegalStateException when an expression reads an index no loop binds
	 */
	public static CollectivePatterns find(Block model, boolean useContext, Progress progress) {
		return find(model, useContext, MessageSizes.NONE, progress);
	}

	/**
	 * Finds the patterns of the global model of a trace folder, reading the sizes of the messages
	 * from its data traces when every rank has one ({@code data.<rank>} with a {@code size}
	 * attribute) and the sizes can change what is found: when, without them, some pattern is a
	 * kind that sizes tell from another ({@link GroupPattern#sameMessagesAs()}) or some messages
	 * had to be cut into operations (sizes name the operations cut). Reading them is a pass over the data
	 * traces, as long as modelling the folder.
	 *
	 * @param folder the trace folder the model was made of
	 * @throws IOException           when a data trace cannot be read
	 * @throws IllegalStateException when an expression reads an index no loop binds
	 */
	public static CollectivePatterns find(Block model, boolean useContext, Path folder, Progress progress)
			throws IOException {
		boolean data = true;
		for (int rank : Positions.of(model).ranks()) {
			data &= Files.isRegularFile(folder.resolve("data." + rank));
		}
		CollectivePatterns plain = find(model, useContext, MessageSizes.NONE, progress);
		if (!data) {
			return plain;
		}
		if (!plain.cut && plain.patterns().stream().allMatch(p -> p.sameMessagesAs().isEmpty())) {
			return new CollectivePatterns(plain.occurrences, true, false); // sizes would change nothing
		}
		return find(model, useContext, MessageSizes.read(model, folder, progress), progress);
	}

	private static CollectivePatterns find(Block model, boolean useContext, MessageSizes sizes, Progress progress) {
		progress.begin("Collective patterns", -1);
		List<Occurrence> found = new ArrayList<>();
		boolean cut = false;
		Set<String> tags = null; // without context, the tags the whole run did not explain
		if (!useContext || !Walk.hasCalls(model)) {
			tags = new HashSet<>();
			for (Group group : Walk.groups(model, false, false, sizes, progress)) {
				if (!add(found, group, group.events(), false, false)) {
					for (Map.Entry<String, List<Ev>> tagged : byTag(group.events()).entrySet()) {
						if (!add(found, group, tagged.getValue(), false, false)) {
							tags.add(tagged.getKey());
						}
					}
				}
			}
		}
		for (Group group : Walk.groups(model, useContext, true, sizes, progress)) {
			boolean inFunction = !group.context().isEmpty();
			List<Ev> events = group.events();
			if (tags != null) {
				Set<String> unexplained = tags;
				events = events.stream().filter(ev -> unexplained.contains(ev.tag())).toList();
			}
			if (events.isEmpty() || add(found, group, events, inFunction, true)) {
				continue;
			}
			for (List<Ev> tagged : byTag(events).values()) {
				if (!add(found, group, tagged, inFunction, true)) {
					cut = true;
					for (Split.Piece piece : Split.pieces(tagged, group.frame().innerCount(), inFunction)) {
						found.add(occurrence(group, piece.events(), piece.match()));
					}
				}
			}
		}
		return new CollectivePatterns(found, sizes.known(), cut);
	}

	private static boolean add(List<Occurrence> found, Group group, List<Ev> events, boolean inFunction,
			boolean grids) {
		Optional<Shapes.Match> match = Shapes.match(events, group.frame().innerCount(), inFunction, grids);
		if (match.isEmpty()) {
			return false;
		}
		// messages repeated by different loops that resemble different shapes apart are different
		// operations, even when their counts add up to a shape (a wavefront's sweeps, 10 times per
		// step, and its exchange, once: 11 sends per edge)
		Map<Long, List<Ev>> byMultiplicity = new TreeMap<>();
		for (Ev ev : events) {
			byMultiplicity.computeIfAbsent(ev.multiplicity(), m -> new ArrayList<>()).add(ev);
		}
		if (byMultiplicity.size() > 1) {
			List<Shapes.Match> parts = new ArrayList<>();
			for (List<Ev> part : byMultiplicity.values()) {
				Shapes.match(part, group.frame().innerCount(), inFunction, grids).ifPresent(parts::add);
			}
			if (parts.size() == byMultiplicity.size()
					&& parts.stream().map(m -> m.kind() + " " + m.group()).distinct().count() > 1) {
				int i = 0;
				for (List<Ev> part : byMultiplicity.values()) {
					found.add(occurrence(group, part, parts.get(i++)));
				}
				return true;
			}
		}
		found.add(occurrence(group, events, match.get()));
		return true;
	}

	private static Occurrence occurrence(Group group, List<Ev> events, Shapes.Match match) {
		long weight = group.frame().weight();
		List<String> loops = group.frame().loops();
		if (match.roundsLoop()) {
			weight /= group.frame().innerCount();
			loops = loops.subList(0, loops.size() - 1);
		}
		long count = Math.multiplyHigh(weight, match.repetitions()) == 0 ? weight * match.repetitions() : Long.MAX_VALUE;
		TreeSet<String> constructs = new TreeSet<>(CollectivePatterns::byPath);
		for (Ev ev : events) {
			if (ev.send()) {
				constructs.add(ev.path());
			}
		}
		GroupPattern pattern = new GroupPattern(match.kind(), match.root(), match.group(), group.context(), count);
		return new Occurrence(pattern, loops, new ArrayList<>(constructs));
	}

	private static Map<String, List<Ev>> byTag(List<Ev> events) {
		Map<String, List<Ev>> tagged = new LinkedHashMap<>();
		for (Ev ev : events) {
			tagged.computeIfAbsent(ev.tag(), t -> new ArrayList<>()).add(ev);
		}
		return tagged;
	}

	/**
	 * Whether every rank had a data trace, so that the sizes of the messages told a scatter from a
	 * broadcast, a gather from a reduce, an allgather from an allreduce (they are read only where
	 * they can change what is found).
	 */
	public boolean sizesRead() {
		return sizesRead;
	}

	/** The header of the CSV table of the patterns ({@code looptrace patterns --csv}). */
	public static final String CSV_COLUMNS = "kind,root,group,context,occurrences,sizes";

	/**
	 * The sizes column of a pattern: {@code read} when its kind depends on message sizes and they
	 * were read, {@code unread} when it depends on them and there were none, empty otherwise.
	 */
	public String sizes(GroupPattern pattern) {
		return pattern.sameMessagesAs().isEmpty() ? "" : sizesRead ? "read" : "unread";
	}

	/** A pattern's line of the CSV table, the columns of {@link #CSV_COLUMNS}, without line end. */
	public String csvRow(GroupPattern pattern) {
		return csvFields(pattern) + "," + sizes(pattern);
	}

	/** The first five columns of a pattern's CSV line: kind, root, group, context, occurrences. */
	public static String csvFields(GroupPattern pattern) {
		return String.join(",", pattern.kind(), pattern.rootText(), ScanRecord.csvField(pattern.group().toString()),
				ScanRecord.csvField(pattern.context()), Long.toString(pattern.occurrences()));
	}

	/** Every place where a pattern was found, in model order. */
	public List<Occurrence> occurrences() {
		return occurrences;
	}

	/**
	 * The patterns: the occurrences of the same kind, root, group and context added up, by kind,
	 * context, root and group.
	 */
	public List<GroupPattern> patterns() {
		Map<List<Object>, GroupPattern> sums = new TreeMap<>(Comparator.comparing((List<Object> key) -> key.toString()));
		for (Occurrence occurrence : occurrences) {
			GroupPattern p = occurrence.pattern();
			List<Object> key = List.of(p.kind(), p.context(), p.rootText(), p.group().min(), p.group().toString());
			sums.merge(key, p, (a, b) -> new GroupPattern(a.kind(), a.root(), a.group(), a.context(),
					a.occurrences() + b.occurrences() < 0 ? Long.MAX_VALUE : a.occurrences() + b.occurrences()));
		}
		List<GroupPattern> patterns = new ArrayList<>(sums.values());
		patterns.sort(Comparator.comparing(GroupPattern::kind).thenComparing(GroupPattern::context)
				.thenComparing(p -> p.root().orElse(-1)).thenComparing(p -> p.group().min())
				.thenComparing(p -> p.group().toString()));
		return patterns;
	}

	/** Construct paths in model order: 1.10 after 1.9. */
	private static int byPath(String a, String b) {
		String[] x = a.split("\\.");
		String[] y = b.split("\\.");
		for (int i = 0; i < Math.min(x.length, y.length); i++) {
			int c = Integer.compare(Integer.parseInt(x[i]), Integer.parseInt(y[i]));
			if (c != 0) {
				return c;
			}
		}
		return Integer.compare(x.length, y.length);
	}
}
