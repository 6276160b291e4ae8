// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.internal;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Loop;
import org.looptrace.model.Message;
import org.looptrace.model.Model;
import org.looptrace.model.Symbol;
import org.looptrace.model.Sync;
import org.looptrace.model.core.Channel;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.replay.ReplayException;
import org.looptrace.trace.ReplayTags;

/**
 * What a model must be to be replayed, checked on every occurrence of its events, and what the
 * program needs to know of it: the number of ranks (one more than the largest rank with events),
 * the groups of its collectives, the numbers its tags are sent as. A model is refused when a loop
 * index is no C name, a collective is not one MPI has, a group names a rank without events or
 * misses the rank of its event, a tag is beyond 32767 (the least MPI_TAG_UB MPI guarantees), or a
 * channel or a collective is unbalanced (a receive without its send would wait for ever).
 */
public final class ReplayFacts {

	/** The largest tag every MPI library accepts (MPI_TAG_UB is at least this). */
	public static final long TAG_UB = 32767;

	private static final Set<String> RESERVED = Set.of("auto", "break", "case", "char", "const", "continue", "default", "do",
			"double", "else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict",
			"return", "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
			"volatile", "while", "main", "mod", "xor", "pow2", "size", "argc", "argv", "errno");

	private final int ranks;
	private final Map<RankSet, Integer> groups;
	private final Map<String, Long> symbols;
	/** Per communicator, the number its tag 0 is sent as. */
	private final Map<String, Long> communicatorBases;
	private final ReplayTags tags;

	private ReplayFacts(int ranks, Map<RankSet, Integer> groups, Map<String, Long> symbols, Map<String, Long> communicatorBases,
			ReplayTags tags) {
		this.ranks = ranks;
		this.groups = groups;
		this.symbols = symbols;
		this.communicatorBases = communicatorBases;
		this.tags = tags;
	}

	/** The number of ranks the program runs on. */
	public int ranks() {
		return ranks;
	}

	/** The groups of the collectives, each with its communicator's number, in order of first use. */
	public Map<RankSet, Integer> groups() {
		return groups;
	}

	/** The tags that are sent as other numbers. */
	public ReplayTags tags() {
		return tags;
	}

	/** The C expression of a message's tag: the number itself, a symbol's number, or a communicator's base plus the tag. */
	public String tag(Message message) {
		if (message.getTag() instanceof Symbol symbol) {
			Long number = symbols.get(symbol.getName());
			return Long.toString(number == null ? -1 : number);
		}
		Expr tag = (Expr) message.getTag();
		String value = Exprs.isConstant(tag) ? Exprs.toText(tag) : "(" + Exprs.toText(tag) + ")";
		String communicator = message.getCommunicator();
		Long base = communicator == null ? null : communicatorBases.get(communicator);
		return base == null ? value : base + "+" + value;
	}

	/** Checks the model on every occurrence of its events. */
	public static ReplayFacts of(Model model, Progress progress) throws ReplayException {
		checkNames(model);
		Scan scan = new Scan();
		OccurrenceWalk.walk(model, scan, progress);
		if (scan.maxOwner < 0) {
			throw new ReplayException(null, "the model has no event to replay");
		}
		int ranks = scan.maxOwner + 1;
		Map<RankSet, Integer> groups = new LinkedHashMap<>();
		for (Map.Entry<String, Collective> entry : scan.collectives.entrySet()) {
			Collective collective = entry.getValue();
			RankSet group = collective.event.getGroup();
			if (group.max() >= ranks) {
				throw new ReplayException(collective.event, "the group " + group + " names rank " + group.max()
						+ ", beyond the model's ranks 0-" + (ranks - 1) + " (the ranks with events): MPI cannot build that group");
			}
			long calls = collective.counts.values().stream().mapToLong(Long::longValue).max().orElse(0);
			for (int member : group) {
				long count = collective.counts.getOrDefault(member, 0L);
				if (count != calls) {
					throw new ReplayException(collective.event, "rank " + member + " takes part in " + count + " of the " + calls + " "
							+ collective.event.getName() + " on " + group + ": expected every member of the group in every call");
				}
			}
			groups.putIfAbsent(group, groups.size());
		}
		for (Map.Entry<Channel, Balance> entry : scan.channels.entrySet()) {
			Balance balance = entry.getValue();
			if (balance.sends != balance.receives) {
				Channel channel = entry.getKey();
				throw new ReplayException(balance.event, "channel (" + channel.src() + ", " + channel.dst() + ", " + channel.tag() + ") has "
						+ balance.sends + " sends and " + balance.receives + " receives: expected every message sent to be received");
			}
		}
		return numberTags(ranks, groups, scan);
	}

	/** Symbols, then each communicator's range of tags, numbered above the numeric tags. */
	private static ReplayFacts numberTags(int ranks, Map<RankSet, Integer> groups, Scan scan) throws ReplayException {
		ReplayTags.Builder table = new ReplayTags.Builder();
		Map<String, Long> symbols = new LinkedHashMap<>();
		Map<String, Long> bases = new LinkedHashMap<>();
		long next = scan.maxNumericTag + 1;
		for (Map.Entry<String, Event> symbol : scan.symbols.entrySet()) {
			checkNumber(next, symbol.getValue(), "the symbolic tag " + symbol.getKey());
			symbols.put(symbol.getKey(), next);
			table.symbol(next, symbol.getKey());
			next++;
		}
		for (Map.Entry<String, long[]> range : scan.communicators.entrySet()) {
			long first = range.getValue()[0];
			long last = range.getValue()[1];
			Event event = scan.communicatorEvents.get(range.getKey());
			checkNumber(next + last - first, event == null ? scan.anyEvent() : event, "the tags of communicator " + range.getKey());
			bases.put(range.getKey(), next - first);
			table.communicator(next, range.getKey(), first, last);
			next += last - first + 1;
		}
		return new ReplayFacts(ranks, groups, symbols, bases, table.build());
	}

	private static void checkNumber(long number, Event event, String what) throws ReplayException {
		if (number > TAG_UB) {
			throw new ReplayException(event, what + " would be sent as tag " + number + ", beyond " + TAG_UB
					+ " (the largest tag MPI guarantees, MPI_TAG_UB): too many distinct tags above the numeric ones");
		}
	}

	private static void checkNames(Model model) throws ReplayException {
		for (var iterator = model.eAllContents(); iterator.hasNext();) {
			if (iterator.next() instanceof Loop loop) {
				String index = loop.getIndex();
				if (RESERVED.contains(index) || index.startsWith("lt_") || index.startsWith("MPI_") || index.startsWith("PMPI_")) {
					throw new ReplayException(loop, "the loop index '" + index + "' is a name of C or of the replay program: rename it");
				}
			}
		}
	}

	private static final class Balance {
		final Event event;
		long sends;
		long receives;

		Balance(Event event) {
			this.event = event;
		}
	}

	private static final class Collective {
		final Sync event;
		final Map<Integer, Long> counts = new HashMap<>();

		Collective(Sync event) {
			this.event = event;
		}
	}

	/** What the walk gathers. */
	private static final class Scan implements OccurrenceWalk.Visitor {
		int maxOwner = -1;
		long maxNumericTag = -1;
		final Map<String, Event> symbols = new LinkedHashMap<>();
		final Map<String, long[]> communicators = new TreeMap<>();
		final Map<String, Event> communicatorEvents = new HashMap<>();
		final Map<Channel, Balance> channels = new LinkedHashMap<>();
		final Map<String, Collective> collectives = new LinkedHashMap<>();
		@Nullable
		Event first;

		Event anyEvent() {
			Event event = first;
			if (event == null) {
				throw new IllegalStateException("no event walked");
			}
			return event;
		}

		@Override
		public void occurrence(Event event, TraceEvent line) throws ReplayException {
			if (first == null) {
				first = event;
			}
			maxOwner = Math.max(maxOwner, line.owner());
			if (event instanceof Message message) {
				tag(message, line);
				channels.computeIfAbsent(line.channel(), channel -> new Balance(event));
				Balance balance = channels.get(line.channel());
				if (line.kind() == EventKind.SEND) {
					balance.sends++;
				} else {
					balance.receives++;
				}
			} else if (event instanceof Sync sync) {
				if (!Collectives.supported(sync.getName())) {
					throw new ReplayException(sync, "'" + sync.getName() + "' is not a collective the replay can call: expected one of "
							+ String.join(", ", Collectives.names()));
				}
				RankSet group = sync.getGroup();
				if (!group.contains(line.rank())) {
					throw new ReplayException(sync, "rank " + line.rank() + " is not in the group " + group
							+ " of its collective: MPI cannot call a collective on a communicator without the caller");
				}
				Collective collective = collectives.computeIfAbsent(sync.getName() + " " + group, key -> new Collective(sync));
				collective.counts.merge(line.rank(), 1L, Long::sum);
			}
		}

		private void tag(Message message, TraceEvent line) throws ReplayException {
			if (message.getTag() instanceof Symbol symbol) {
				symbols.putIfAbsent(symbol.getName(), message);
				return;
			}
			long value = tagValue(line);
			if (value < 0 || value > TAG_UB) {
				throw new ReplayException(message, "the tag " + line.tag() + " is beyond 0-" + TAG_UB
						+ " (the tags every MPI library accepts, MPI_TAG_UB)");
			}
			String communicator = message.getCommunicator();
			if (communicator == null) {
				maxNumericTag = Math.max(maxNumericTag, value);
			} else {
				long[] range = communicators.computeIfAbsent(communicator, key -> new long[] { value, value });
				range[0] = Math.min(range[0], value);
				range[1] = Math.max(range[1], value);
				communicatorEvents.putIfAbsent(communicator, message);
			}
		}

		/** The number of a message's tag in its line: after the communicator's dot when it has one. */
		private static long tagValue(TraceEvent line) {
			String tag = line.tag();
			return Long.parseLong(tag.substring(tag.indexOf('.') + 1));
		}
	}
}
