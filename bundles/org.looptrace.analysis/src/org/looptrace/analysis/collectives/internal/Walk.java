// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.collectives.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;

import org.eclipse.emf.common.util.TreeIterator;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.analysis.internal.ModelWalks;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.Message;
import org.looptrace.model.Send;
import org.looptrace.model.Symbol;
import org.looptrace.model.Value;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.Progress;

/**
 * The messages of a global model gathered into candidate groups, without expanding repetitions.
 * <p>
 * A loop whose index decides who talks (a loop over ranks, a peer moving with the iteration) is
 * walked index by index. Any other loop repeats the same messages: it is walked once, at its lower
 * bound. Such a loop opens a <em>frame</em> (its body is found once and counted by the product of
 * the counts of the frames around it) unless, with call context, it runs inside a function without
 * calling one: then it belongs to that call and multiplies its messages. Frames are named by the
 * counts of the loops that open them, not by the loop objects, so that the same time loop split
 * by the merge into constructs of different ranks is still one frame; without context, the items
 * around a loop that are one more of its iterations ({@link Peeled}) are read as that iteration,
 * so a rank whose loop was peeled or rotated is in the frame of the others, and a rank's body
 * that the events after its loop begin is read from after that beginning ({@link Rotated}).
 * <p>
 * Within a frame, an event belongs to a unit: its owner's current call (the function and how many
 * times this rank called it before in the frame), or, outside any function or without context, the
 * frame. The two ends of a message (matched first in, first out on their channel within the frame)
 * join their units: a group is a set of units that messages link, so the calls of a collective on
 * a subset of the ranks are one group even when other ranks called the function more often.
 */
public final class Walk {

	/**
	 * A send or a receive, owned by {@code owner}, exchanged with {@code peer}; {@code size} is the
	 * size in bytes of the messages of a send on its channel, from the data traces, or -1 when
	 * unknown (no data traces, a receive, or messages of different sizes: see
	 * {@link MessageSizes#size}).
	 */
	public record Ev(boolean send, int owner, int peer, String tag, long multiplicity, String path, double size) {
		/** The source of the message. */
		public int source() {
			return send ? owner : peer;
		}

		/** The destination of the message. */
		public int destination() {
			return send ? peer : owner;
		}
	}

	/** A frame: loops repeating their body, found once. */
	public record Frame(String key, long weight, long innerCount, List<String> loops) {
	}

	/** A candidate group: the events of one call in one frame, or of one frame. */
	public record Group(Frame frame, String context, List<Ev> events) {
	}

	private record Call(String function, String key) {
	}

	private record Unit(Frame frame, String function) {
	}

	/**
	 * A loop of fewer iterations whose index makes tags is walked index by index: tags tell groups
	 * apart (the steps of a time loop), a longer loop numbering its messages repeats one group.
	 */
	private static final long TAG_LOOPS = 64;

	private final boolean useContext;
	private final boolean frames;
	private final MessageSizes sizes;
	private final Progress progress;
	private final Map<String, Long> indices = new HashMap<>();
	private final Map<Integer, Deque<Call>> stacks = new HashMap<>();
	/** Per frame key then rank and function, the calls already made. */
	private final Map<String, Map<String, Integer>> ordinals = new HashMap<>();
	/** The units (one call of one rank, or a frame outside calls) by key, in model order. */
	private final Map<String, Unit> units = new LinkedHashMap<>();
	/** Every event with the key of its unit, in model order. */
	private final List<Map.Entry<String, Ev>> order = new ArrayList<>();
	/** Per frame and channel, the units of the sends (or receives) not yet matched. */
	private final Map<String, Deque<String>> unmatchedSends = new HashMap<>();
	private final Map<String, Deque<String>> unmatchedRecvs = new HashMap<>();
	private final Map<String, String> parent = new HashMap<>();
	private final Map<EObject, String> paths = new IdentityHashMap<>();
	private final Map<Loop, Boolean> callsInside = new IdentityHashMap<>();
	private final Map<Loop, Boolean> indexUsed = new IdentityHashMap<>();
	private final Map<Loop, ModelWalks.Readers> readers = new IdentityHashMap<>();
	private int openCalls;

	private Walk(boolean useContext, boolean frames, MessageSizes sizes, Progress progress) {
		this.useContext = useContext;
		this.frames = frames;
		this.sizes = sizes;
		this.progress = progress;
	}

	/**
	 * The candidate groups of a model, in model order.
	 *
	 * @param useContext whether to group by calls, when the model has any
	 * @param frames     whether loops open frames; if not, every loop multiplies what it holds
	 *                   and, without context, the whole model is one group
	 * @param sizes      the sizes of the messages, {@link MessageSizes#NONE} without data traces
	 */
	public static List<Group> groups(Block model, boolean useContext, boolean frames, MessageSizes sizes,
			Progress progress) {
		Walk walk = new Walk(useContext && callsInside(model), frames, sizes, progress);
		walk.items(model.getItems(), new Frame("", 1, 1, List.of()), 1);
		if (frames && !walk.useContext) {
			Rotated.align(walk.order, "");
		}
		return walk.components();
	}

	/** The units linked by messages, each a group of the units' events in model order. */
	private List<Group> components() {
		Map<String, List<Ev>> events = new LinkedHashMap<>();
		Map<String, TreeSet<String>> functions = new HashMap<>();
		for (String key : units.keySet()) {
			String root = find(key);
			events.computeIfAbsent(root, r -> new ArrayList<>());
			String function = units.get(key).function();
			if (!function.isEmpty()) {
				functions.computeIfAbsent(root, r -> new TreeSet<>()).add(function);
			}
		}
		for (Map.Entry<String, Ev> entry : order) {
			events.get(find(entry.getKey())).add(entry.getValue());
		}
		List<Group> groups = new ArrayList<>();
		for (Map.Entry<String, List<Ev>> entry : events.entrySet()) {
			TreeSet<String> names = functions.get(entry.getKey());
			groups.add(new Group(units.get(entry.getKey()).frame(), names == null ? "" : String.join("+", names),
					entry.getValue()));
		}
		return groups;
	}

	private String find(String key) {
		String root = key;
		for (String up = parent.get(root); up != null; up = parent.get(root)) {
			root = up;
		}
		return root;
	}

	private void union(String a, String b) {
		String x = find(a);
		String y = find(b);
		if (!x.equals(y)) {
			parent.put(y, x);
		}
	}

	private void items(List<Item> items, Frame frame, long multiplicity) {
		Map<Integer, Peeled> peeled = peeled(items, frame);
		boolean[] read = new boolean[items.size()]; // items read as an iteration of the loop after them
		peeled.forEach((at, around) -> Arrays.fill(read, at - around.before(), at, true));
		for (int i = 0; i < items.size(); i++) {
			Item item = items.get(i);
			@Nullable Peeled around = peeled.get(i);
			if (around != null) {
				List<Item> iteration = new ArrayList<>(items.subList(i - around.before(), i));
				iteration.addAll(items.subList(i + 1, i + 1 + around.after()));
				loop((Loop) item, frame, multiplicity, iteration);
				i += around.after();
			} else if (read[i]) {
				continue;
			} else if (item instanceof Loop loop) {
				loop(loop, frame, multiplicity, null);
			} else if (item instanceof Event event) {
				event(event, frame, multiplicity);
			}
		}
	}

	/**
	 * The loops of {@code items} that open frames and have an iteration peeled off around them
	 * (see {@link Peeled}), by position. Without context only: with it, calls are the units.
	 */
	private Map<Integer, Peeled> peeled(List<Item> items, Frame frame) {
		if (!frames || useContext || !frame.key().isEmpty()) {
			return Map.of();
		}
		Map<Integer, Peeled> peeled = new HashMap<>();
		int from = 0;
		for (int at = 0; at < items.size(); at++) {
			if (items.get(at) instanceof Loop loop && !byIndex(loop, evaluate(loop.getLower()), evaluate(loop.getUpper()))
					&& runs(loop, evaluate(loop.getLower()), evaluate(loop.getUpper())).size() <= 1) {
				@Nullable Peeled around = Peeled.around(items, at, from, this::valueOf);
				if (around != null) {
					peeled.put(at, around);
					at += around.after();
					from = at + 1;
				}
			}
		}
		return peeled;
	}

	/** The runs of a loop's iterations read once each (see {@link ModelWalks#runs}). */
	private List<long[]> runs(Loop loop, long lower, long upper) {
		return ModelWalks.runs(loop, readers.computeIfAbsent(loop, ModelWalks.Readers::of), lower, upper, this::valueOf);
	}

	/** Whether a loop's index decides who talks (or, in a short loop, makes tags): walked index by index. */
	private boolean byIndex(Loop loop, long lower, long upper) {
		return indexUsed.computeIfAbsent(loop, l -> ModelWalks.uses(l, l.getIndex(), upper - lower < TAG_LOOPS));
	}

	/**
	 * Walks a loop; {@code iteration}, when not null, holds the items around it that are one more
	 * iteration of it ({@link Peeled}), walked in place of its body.
	 */
	private void loop(Loop loop, Frame frame, long multiplicity, @Nullable List<Item> iteration) {
		if (progress.isCancelled()) {
			throw new CancellationException("pattern detection cancelled");
		}
		long lower = evaluate(loop.getLower());
		long upper = evaluate(loop.getUpper());
		if (upper < lower) {
			return;
		}
		Long outer = indices.get(loop.getIndex());
		if (byIndex(loop, lower, upper)) {
			for (long value = lower; value <= upper; value++) {
				indices.put(loop.getIndex(), value);
				items(loop.getItems(), frame, multiplicity);
			}
		} else {
			List<long[]> runs = runs(loop, lower, upper);
			for (long[] run : runs) {
				if (runs.size() > 1 && run[0] == run[1]) { // an iteration on its own, as if written out
					indices.put(loop.getIndex(), run[0]);
					items(loop.getItems(), frame, multiplicity);
				} else if (once(loop, frame, multiplicity, run, outer, iteration)) {
					return;
				}
			}
		}
		restore(loop, outer);
	}

	/**
	 * Walks the iterations {@code run} of a loop once, as a loop of that count; true when it walked
	 * {@code iteration} in place of the body and restored the loop's index already.
	 */
	private boolean once(Loop loop, Frame frame, long multiplicity, long[] run, @Nullable Long outer, @Nullable List<Item> iteration) {
		long count = Math.addExact(run[1] - run[0], iteration == null ? 1 : 2);
		indices.put(loop.getIndex(), run[0]);
		boolean opens = useContext ? openCalls == 0 || callsInside.computeIfAbsent(loop, Walk::callsInside) : frame.key().isEmpty();
		if (frames && opens) {
			List<String> loops = new ArrayList<>(frame.loops());
			loops.add(path(loop));
			long weight = ModelWalks.saturatedProduct(frame.weight(), count);
			Frame inner = new Frame(frame.key() + "/" + count, weight, count, loops);
			if (iteration == null) {
				items(loop.getItems(), inner, 1);
			} else {
				restore(loop, outer);
				items(iteration, inner, 1);
				return true;
			}
		} else {
			items(loop.getItems(), frame, ModelWalks.saturatedProduct(multiplicity, count));
		}
		return false;
	}

	private void restore(Loop loop, @Nullable Long outer) {
		if (outer == null) {
			indices.remove(loop.getIndex());
		} else {
			indices.put(loop.getIndex(), outer);
		}
	}

	private void event(Event event, Frame frame, long multiplicity) {
		if (event instanceof Local local) {
			if (useContext) {
				context(local, frame);
			}
			return;
		}
		if (!(event instanceof Message message)) {
			return; // a real collective (sync) is no point-to-point message
		}
		int rank = (int) evaluate(message.getRank());
		int peer = (int) evaluate(message.getPeer());
		boolean send = message instanceof Send;
		int owner = send ? rank : peer;
		String tag = Exprs.tagText(message, this::valueOf);
		Ev ev = new Ev(send, owner, send ? peer : rank, tag, multiplicity, path(event),
				message instanceof Send s ? sizes.size(s, rank, peer, tag) : -1);
		Deque<Call> stack = stacks.get(owner);
		Call call = stack == null || stack.isEmpty() ? null : stack.peek();
		String key = call == null ? frame.key() : call.key() + "@" + owner;
		units.computeIfAbsent(key, k -> new Unit(frame, call == null ? "" : call.function()));
		order.add(Map.entry(key, ev));
		// the units at both ends of a message are one group: FIFO channels, within a frame
		String channel = frame.key() + " " + ev.source() + ">" + ev.destination() + " " + ev.tag();
		Deque<String> others = (send ? unmatchedRecvs : unmatchedSends).get(channel);
		if (others != null && !others.isEmpty()) {
			union(others.poll(), key);
		} else {
			(send ? unmatchedSends : unmatchedRecvs).computeIfAbsent(channel, c -> new ArrayDeque<>()).add(key);
		}
	}

	private void context(Local local, Frame frame) {
		List<Value> words = local.getWords();
		if (words.size() != 2) {
			return;
		}
		String verb = Exprs.evaluateToText(words.get(0), this::valueOf);
		String function = Exprs.evaluateToText(words.get(1), this::valueOf);
		// the calls around MPI operations (looptrace trace --calls) are no user function
		if (function.startsWith("MPI_")) {
			return;
		}
		int owner = (int) evaluate(local.getRank());
		Deque<Call> stack = stacks.computeIfAbsent(owner, r -> new ArrayDeque<>());
		if (verb.equals("call")) {
			int ordinal = ordinals.computeIfAbsent(frame.key(), k -> new HashMap<>()).merge(owner + " " + function, 1,
					Integer::sum);
			stack.push(new Call(function, frame.key() + "|" + function + "#" + ordinal));
			openCalls++;
		} else if (verb.equals("return") && !stack.isEmpty() && function.equals(stack.peek().function())) {
			stack.pop();
			openCalls--;
		}
	}

	private String path(EObject construct) {
		return paths.computeIfAbsent(construct, c -> ConstructPath.of((Construct) c));
	}

	/** Whether a model calls a user function ({@code local call F}, F not an MPI operation). */
	public static boolean hasCalls(Block model) {
		return callsInside(model);
	}

	private static boolean callsInside(Block block) {
		for (TreeIterator<EObject> contents = block.eAllContents(); contents.hasNext();) {
			if (contents.next() instanceof Local local && local.getWords().size() == 2
					&& local.getWords().get(0) instanceof Symbol verb && verb.getName().equals("call")
					&& !(local.getWords().get(1) instanceof Symbol function && function.getName().startsWith("MPI_"))) {
				return true;
			}
		}
		return false;
	}

	private long evaluate(Expr expr) {
		return Exprs.evaluate(expr, this::valueOf);
	}

	private long valueOf(String index) {
		Long value = indices.get(index);
		if (value == null) {
			throw new IllegalStateException("loop index '" + index + "' is not bound by an enclosing loop");
		}
		return value;
	}
}
