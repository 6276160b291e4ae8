// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.Message;
import org.looptrace.model.Model;
import org.looptrace.model.Recv;
import org.looptrace.model.Send;
import org.looptrace.model.Sync;
import org.looptrace.model.Value;
import org.looptrace.model.core.Channel;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.RankSet;
import org.looptrace.timeline.Drawing.EventKind;

/**
 * Places every event of a model on a Lamport clock, one clock per rank, in ticks from the start of
 * the model. A loop body is placed once (its indices at their lower bounds), inside a box that
 * starts when all its ranks are free; a loop whose index is a rank (a folded loop) is placed once
 * per value of its index, all values side by side in one box. Inside a block, each rank runs its
 * events in model order; a receive waits until the send it matches is placed, also when the send
 * comes later in a loop body (the model shows one valid interleaving per body, not the one of the
 * first iteration). When every rank waits, the first waiting receive takes the message of the
 * previous iteration: its send, placed later in the body, is drawn one body length earlier.
 * Paths of constructs are named in the same walk, never looked up.
 */
final class Ticks {

	/** Ranks above this are not drawn (one line each). */
	static final int MAX_RANK = 1 << 20;
	/** Occurrences of one block placed at once (the values of nested loops over ranks). */
	private static final int MAX_ENVIRONMENTS = 1 << 22;

	final PlacedLoop root;
	final List<Placed.Event> events = new ArrayList<>();
	final List<Placed.Message> messages = new ArrayList<>();
	final List<Placed.Collective> collectives = new ArrayList<>();
	/** Every rank an event names. */
	final BitSet ranks = new BitSet();

	private final Set<Loop> rankLoops = new HashSet<>();
	private final Map<Channel, ChannelState> channels = new HashMap<>();
	/** The ranks and send channels of the loops not placed yet, collected by the walk of the model. */
	private final Map<Loop, Coverage> coverages = new HashMap<>();
	/** The last send of every pair of ranks, of every source. */
	private final Map<Long, Placed.Event> lastByPair = new HashMap<>();
	private final Map<Integer, Placed.Event> lastBySource = new HashMap<>();
	/** Receives no send of their block matched, with their channel. */
	private final List<Placed.Event> orphans = new ArrayList<>();
	private final List<Channel> orphanChannels = new ArrayList<>();
	private long[] clocks = new long[64];

	private Ticks(Model model) {
		ownerIndices(model);
		List<Env> top = List.of(Env.EMPTY);
		BitSet all = new BitSet();
		cover(model, "", top, all, null);
		root = new PlacedLoop("", 0, 1, false, all.stream().toArray(), null, 0);
		root.end = block(model, top, "", root);
		adoptOrphans();
	}

	/**
	 * Matches the receives no send of their block matched: a loop body is drawn once, in its first
	 * iteration, so their send may be in a later part of an enclosing loop's body (the message of
	 * the previous iteration), or have another tag or peer in the iteration drawn. The last send of
	 * the channel, else of the pair of ranks, else of the source stands for it; placed after the
	 * receive, it is drawn one body length of the innermost loop around both earlier.
	 */
	private void adoptOrphans() {
		for (int i = 0; i < orphans.size(); i++) {
			Placed.Event recv = orphans.get(i);
			Channel channel = orphanChannels.get(i);
			ChannelState state = channels.get(channel);
			Placed.Event send = state != null && state.last != null ? state.last : lastByPair.get(pair(channel.src(), channel.dst()));
			if (send == null) {
				send = lastBySource.get(channel.src());
			}
			if (send == null) {
				messages.add(new Placed.Message(null, recv, channel.tag(), channel.src(), channel.dst(), recv.scope().start - 1, true));
			} else if (send.tick() < recv.tick()) {
				messages.add(new Placed.Message(send, recv, channel.tag(), channel.src(), channel.dst(), send.tick(), false));
			} else {
				PlacedLoop around = common(send.scope(), recv.scope());
				messages.add(new Placed.Message(send, recv, channel.tag(), channel.src(), channel.dst(),
						send.tick() - Math.max(around.end - around.start, send.tick() - recv.tick() + 1), true));
			}
		}
	}

	private static long pair(int src, int dst) {
		return (long) src << 32 | dst;
	}

	/** The innermost loop (or the top) around both. */
	private static PlacedLoop common(PlacedLoop a, PlacedLoop b) {
		Set<PlacedLoop> around = new HashSet<>();
		for (PlacedLoop loop = a; loop != null; loop = loop.parent) {
			around.add(loop);
		}
		for (PlacedLoop loop = b; loop != null; loop = loop.parent) {
			if (around.contains(loop)) {
				return loop;
			}
		}
		throw new IllegalStateException("two placed loops without the top around them");
	}

	/** The ticks of every construct of the model. */
	static Ticks of(Model model) {
		return new Ticks(model);
	}

	/** The last tick of the model, exclusive. */
	long length() {
		return root.end;
	}

	// ---- which loops run over ranks, which ranks a loop covers ----

	/** The indices the owners of the block's events use; collects the loops over ranks. */
	private Set<String> ownerIndices(Block block) {
		Set<String> used = new HashSet<>();
		for (Item item : block.getItems()) {
			if (item instanceof Loop loop) {
				Set<String> inner = ownerIndices(loop);
				if (inner.remove(loop.getIndex())) {
					rankLoops.add(loop);
				}
				used.addAll(inner);
			} else if (item instanceof Event event) {
				used.addAll(Exprs.indices(owner(event)));
			}
		}
		return used;
	}

	private static Expr owner(Event event) {
		return event instanceof Recv recv ? recv.getPeer() : event.getRank();
	}

	/**
	 * Adds the owners of every event of the block to {@code out}, and the channels of its sends to
	 * {@code sends}; keeps those of each loop inside for {@link BlockRun#addLoop}, so that the model
	 * is walked once, not once per enclosing loop.
	 */
	private void cover(Block block, String prefix, List<Env> envs, BitSet out, @Nullable Set<Channel> sends) {
		int position = 0;
		for (Item item : block.getItems()) {
			if (!(item instanceof Construct)) {
				continue;
			}
			position++;
			if (item instanceof Loop loop) {
				String path = path(prefix, position);
				Coverage coverage = new Coverage(new BitSet(), new HashSet<>());
				cover(loop, path, inner(loop, envs, path), coverage.ranks, coverage.sends);
				coverages.put(loop, coverage);
				out.or(coverage.ranks);
				if (sends != null) {
					sends.addAll(coverage.sends);
				}
			} else if (item instanceof Event event) {
				for (Env env : envs) {
					try {
						int owner = rank(owner(event), env, prefix);
						out.set(owner);
						if (sends != null && event instanceof Send send) {
							sends.add(new Channel(owner, rank(send.getPeer(), env, prefix), tag(send, env, prefix)));
						}
					} catch (IllegalArgumentException e) {
						// Paths are made only for the message: this walk runs once per enclosing loop.
						throw new IllegalArgumentException(e.getMessage().replaceFirst("^construct [0-9.]*:", "construct " + path(prefix, position) + ":"), e);
					}
				}
			}
		}
	}

	private static String path(String prefix, int position) {
		return prefix.isEmpty() ? Integer.toString(position) : prefix + "." + position;
	}

	/**
	 * The environments of a loop body: every value of the index for a loop over ranks, the lower
	 * bound otherwise (the body is drawn once). An empty loop over ranks is drawn with its lower
	 * bound, so that every construct has a place.
	 */
	private List<Env> inner(Loop loop, List<Env> envs, String path) {
		List<Env> inner = new ArrayList<>(envs.size());
		boolean overRanks = rankLoops.contains(loop);
		for (Env env : envs) {
			long lower = evaluate(loop.getLower(), env, path);
			long upper = overRanks ? evaluate(loop.getUpper(), env, path) : lower;
			if (inner.size() + Math.max(0, upper - lower + 1) > MAX_ENVIRONMENTS) {
				throw new IllegalArgumentException("construct " + path + ": a loop over more than " + MAX_ENVIRONMENTS + " ranks");
			}
			for (long value = lower; value <= upper; value++) {
				inner.add(env.with(loop.getIndex(), value));
			}
		}
		if (inner.isEmpty()) {
			for (Env env : envs) {
				inner.add(env.with(loop.getIndex(), evaluate(loop.getLower(), env, path)));
			}
		}
		return inner;
	}

	private static long evaluate(Expr expr, Env env, String path) {
		try {
			return Exprs.evaluate(expr, env::valueOf);
		} catch (IllegalStateException | ArithmeticException e) {
			throw new IllegalArgumentException("construct " + path + ": " + e.getMessage(), e);
		}
	}

	private int rank(Expr expr, Env env, String path) {
		long value = evaluate(expr, env, path);
		if (value < 0 || value > MAX_RANK) {
			throw new IllegalArgumentException("construct " + path + ": rank " + Exprs.toText(expr) + " is " + value
					+ ", not a rank from 0 to " + MAX_RANK);
		}
		ranks.set((int) value);
		return (int) value;
	}

	private String text(Value value, Env env, String path) {
		return evaluated(() -> Exprs.evaluateToText(value, env::valueOf), path);
	}

	private String tag(Message message, Env env, String path) {
		return evaluated(() -> Exprs.tagText(message, env::valueOf), path);
	}

	private String evaluated(Supplier<String> text, String path) {
		try {
			return text.get();
		} catch (IllegalStateException | ArithmeticException e) {
			throw new IllegalArgumentException("construct " + path + ": " + e.getMessage(), e);
		}
	}

	// ---- clocks ----

	private long clock(int rank) {
		return rank < clocks.length ? clocks[rank] : 0;
	}

	private void setClock(int rank, long tick) {
		if (rank >= clocks.length) {
			clocks = Arrays.copyOf(clocks, Math.max(rank + 1, clocks.length * 2));
		}
		clocks[rank] = tick;
	}

	private long latest(int[] ranks) {
		long latest = 0;
		for (int rank : ranks) {
			latest = Math.max(latest, clock(rank));
		}
		return latest;
	}

	/** The ranks a loop covers and the channels it sends on. */
	private record Coverage(BitSet ranks, Set<Channel> sends) {
	}

	/** Sends placed and not yet received, and the last send of every channel. */
	private static final class ChannelState {
		final ArrayDeque<Placed.Event> unreceived = new ArrayDeque<>();
		Placed.@Nullable Event last;
	}

	// ---- one block ----

	/** Places a block starting at its scope's start; returns the tick after its last event. */
	private long block(Block block, List<Env> envs, String prefix, PlacedLoop scope) {
		BlockRun run = new BlockRun(scope);
		int position = 0;
		for (Item item : block.getItems()) {
			if (!(item instanceof Construct construct)) {
				continue;
			}
			position++;
			String path = path(prefix, position);
			if (construct instanceof Loop loop) {
				run.addLoop(loop, path, envs);
			} else {
				for (Env env : envs) {
					run.addEvent((Event) construct, path, env);
				}
			}
		}
		run.schedule();
		return run.finish();
	}

	private static final Channel NO_CHANNEL = new Channel(-1, -1, "");

	private abstract static class Task {
		final int seq;
		int[] ranks = new int[0];
		/** Queues of its ranks where it is first. */
		int heads;
		boolean done;

		Task(int seq) {
			this.seq = seq;
		}
	}

	private static final class EventTask extends Task {
		final String path;
		final EventKind kind;
		final int owner;
		final int src;
		final int dst;
		final String text;
		/** The channel of a send or receive, {@link #NO_CHANNEL} otherwise. */
		final Channel channel;

		EventTask(int seq, String path, EventKind kind, int owner, int src, int dst, String text) {
			super(seq);
			this.path = path;
			this.kind = kind;
			this.owner = owner;
			this.src = src;
			this.dst = dst;
			this.text = text;
			this.channel = kind == EventKind.SEND || kind == EventKind.RECV ? new Channel(src, dst, text) : NO_CHANNEL;
			this.ranks = new int[] { owner };
		}
	}

	private static final class CollectiveTask extends Task {
		final String name;
		final RankSet group;
		final List<Integer> members = new ArrayList<>();
		final List<String> memberPaths = new ArrayList<>();

		CollectiveTask(int seq, String name, RankSet group) {
			super(seq);
			this.name = name;
			this.group = group;
		}
	}

	private static final class LoopTask extends Task {
		final Loop loop;
		final String path;
		final List<Env> envs;
		final long count;

		/** The channels the loop sends on: receives of the block wait for it. */
		final Set<Channel> sends;

		LoopTask(int seq, Loop loop, String path, List<Env> envs, long count, int[] ranks, Set<Channel> sends) {
			super(seq);
			this.sends = sends;
			this.loop = loop;
			this.path = path;
			this.envs = envs;
			this.count = count;
			this.ranks = ranks;
		}
	}

	/** The placing of one block: its tasks in per-rank queues, run as they become ready. */
	private final class BlockRun {

		final PlacedLoop scope;
		final Map<Integer, ArrayDeque<Task>> queues = new HashMap<>();
		final List<Task> unranked = new ArrayList<>();
		int seq;
		/** The k-th sync of a member under a name and group belongs to the k-th collective. */
		final Map<String, List<CollectiveTask>> collectivesByKey = new HashMap<>();
		final Map<String, Map<Integer, Integer>> arrivals = new HashMap<>();
		/** Sends of this block not yet placed, by channel. */
		final Map<Channel, int[]> pendingSends = new HashMap<>();
		final Map<Channel, List<EventTask>> waiting = new HashMap<>();
		/** Receives placed before their send, waiting for a send later in this block. */
		final Map<Channel, ArrayDeque<Placed.Event>> early = new HashMap<>();
		final List<Placed.Event[]> carried = new ArrayList<>();
		final ArrayDeque<Task> ready = new ArrayDeque<>();
		int remaining;
		long last;

		BlockRun(PlacedLoop scope) {
			this.scope = scope;
			this.last = scope.start;
		}

		void addLoop(Loop loop, String path, List<Env> envs) {
			List<Env> inner = inner(loop, envs, path);
			Coverage coverage = coverages.remove(loop);
			if (coverage == null) {
				throw new IllegalStateException("loop " + path + " was not covered by the walk of the model");
			}
			long count = Math.max(0, evaluate(loop.getUpper(), envs.get(0), path) - evaluate(loop.getLower(), envs.get(0), path) + 1);
			LoopTask task = new LoopTask(seq++, loop, path, inner, count, coverage.ranks.stream().toArray(), coverage.sends);
			for (Channel channel : coverage.sends) {
				pendingSends.computeIfAbsent(channel, c -> new int[1])[0]++;
			}
			if (task.ranks.length == 0) {
				unranked.add(task);
			}
			enqueue(task);
		}

		void addEvent(Event event, String path, Env env) {
			int rank = rank(event.getRank(), env, path);
			if (event instanceof Message message) {
				int peer = rank(message.getPeer(), env, path);
				String tag = tag(message, env, path);
				boolean send = event instanceof Send;
				EventTask task = new EventTask(seq++, path, send ? EventKind.SEND : EventKind.RECV, send ? rank : peer, rank, peer, tag);
				if (send) {
					pendingSends.computeIfAbsent(task.channel, c -> new int[1])[0]++;
				}
				enqueue(task);
			} else if (event instanceof Sync sync) {
				String key = sync.getName() + ' ' + sync.getGroup();
				int k = arrivals.computeIfAbsent(key, x -> new HashMap<>()).merge(rank, 1, Integer::sum) - 1;
				List<CollectiveTask> instances = collectivesByKey.computeIfAbsent(key, x -> new ArrayList<>());
				if (k == instances.size()) {
					instances.add(new CollectiveTask(seq++, sync.getName(), sync.getGroup()));
				}
				CollectiveTask task = instances.get(k);
				task.members.add(rank);
				task.memberPaths.add(path);
				if (task.members.size() == 1) {
					remaining++;
				}
				queues.computeIfAbsent(rank, r -> new ArrayDeque<>()).add(task);
			} else {
				StringBuilder words = new StringBuilder();
				for (Value word : ((Local) event).getWords()) {
					words.append(words.isEmpty() ? "" : " ").append(text(word, env, path));
				}
				enqueue(new EventTask(seq++, path, EventKind.LOCAL, rank, rank, -1, words.toString()));
			}
		}

		private void enqueue(Task task) {
			remaining++;
			for (int rank : task.ranks) {
				queues.computeIfAbsent(rank, r -> new ArrayDeque<>()).add(task);
			}
		}

		void schedule() {
			for (Task task : unranked) {
				execute(task);
			}
			for (ArrayDeque<Task> queue : queues.values()) {
				for (Task task : queue) {
					if (task instanceof CollectiveTask collective && collective.ranks.length == 0) {
						collective.ranks = collective.members.stream().mapToInt(Integer::intValue).toArray();
					}
				}
			}
			queues.values().forEach(queue -> arrive(queue.getFirst()));
			while (remaining > 0) {
				while (!ready.isEmpty()) {
					Task task = ready.poll();
					if (task.done) {
						continue;
					}
					if (task instanceof EventTask recv && recv.kind == EventKind.RECV && !canReceive(recv)) {
						waiting.computeIfAbsent(recv.channel, c -> new ArrayList<>()).add(recv);
						continue;
					}
					execute(task);
					advance(task);
				}
				if (remaining > 0) {
					unblock();
				}
			}
		}

		/** Every rank waits: the first waiting receive takes an earlier message, or the first task runs. */
		private void unblock() {
			EventTask first = null;
			for (List<EventTask> receives : waiting.values()) {
				for (EventTask recv : receives) {
					if (!recv.done && (first == null || recv.seq < first.seq)) {
						first = recv;
					}
				}
			}
			if (first != null) {
				waiting.get(first.channel).remove(first);
				long tick = clock(first.dst);
				Placed.Event placed = place(first, tick);
				early.computeIfAbsent(first.channel, c -> new ArrayDeque<>()).add(placed);
				first.done = true;
				remaining--;
				advance(first);
				return;
			}
			Task earliest = null;
			for (ArrayDeque<Task> queue : queues.values()) {
				Task head = queue.peekFirst();
				if (head != null && (earliest == null || head.seq < earliest.seq)) {
					earliest = head;
				}
			}
			if (earliest == null) {
				throw new IllegalStateException("tasks remain but no queue holds one");
			}
			execute(earliest);
			for (int rank : earliest.ranks) {
				ArrayDeque<Task> queue = queues.get(rank);
				if (queue.peekFirst() == earliest) {
					queue.pollFirst();
					Task next = queue.peekFirst();
					if (next != null) {
						arrive(next);
					}
				} else {
					queue.remove(earliest);
				}
			}
		}

		private void arrive(Task task) {
			if (++task.heads == task.ranks.length) {
				ready.add(task);
			}
		}

		private void advance(Task task) {
			for (int rank : task.ranks) {
				ArrayDeque<Task> queue = queues.get(rank);
				queue.pollFirst();
				Task next = queue.peekFirst();
				if (next != null) {
					arrive(next);
				}
			}
		}

		/** A receive can be placed once no send of its channel is to come in this block, or one is unreceived. */
		private boolean canReceive(EventTask recv) {
			ChannelState state = channels.get(recv.channel);
			if (state != null && !state.unreceived.isEmpty()) {
				return true;
			}
			int[] pending = pendingSends.get(recv.channel);
			return pending == null || pending[0] == 0;
		}

		private Placed.Event place(EventTask task, long tick) {
			setClock(task.owner, tick + 1);
			last = Math.max(last, tick + 1);
			Placed.Event placed = new Placed.Event(task.path, task.kind, task.owner, tick, scope, task.text);
			events.add(placed);
			return placed;
		}

		private void execute(Task task) {
			task.done = true;
			remaining--;
			if (task instanceof EventTask event) {
				switch (event.kind) {
				case SEND -> send(event);
				case RECV -> receive(event);
				default -> place(event, clock(event.owner));
				}
			} else if (task instanceof CollectiveTask collective) {
				long tick = latest(collective.ranks);
				for (int i = 0; i < collective.ranks.length; i++) {
					setClock(collective.ranks[i], tick + 1);
					events.add(new Placed.Event(collective.memberPaths.get(i), EventKind.SYNC, collective.ranks[i], tick, scope, collective.name));
				}
				last = Math.max(last, tick + 1);
				collectives.add(new Placed.Collective(List.copyOf(new LinkedHashSet<>(collective.memberPaths)), collective.name,
						collective.group, collective.ranks, tick, scope));
			} else {
				LoopTask loop = (LoopTask) task;
				long start = loop.ranks.length == 0 ? scope.start : latest(loop.ranks);
				PlacedLoop placed = new PlacedLoop(loop.path, scope.depth + 1, loop.count, rankLoops.contains(loop.loop), loop.ranks, scope, start);
				scope.children.add(placed);
				for (int rank : loop.ranks) {
					setClock(rank, start);
				}
				long end = Math.max(start + 1, Math.max(block(loop.loop, loop.envs, loop.path, placed), latest(loop.ranks)));
				for (int rank : loop.ranks) {
					setClock(rank, end);
				}
				placed.end = end;
				last = Math.max(last, end);
				for (Channel channel : loop.sends) {
					pendingSends.get(channel)[0]--;
					wake(channel);
				}
			}
		}

		private void send(EventTask task) {
			Placed.Event placed = place(task, clock(task.owner));
			pendingSends.get(task.channel)[0]--;
			ChannelState state = channels.computeIfAbsent(task.channel, c -> new ChannelState());
			state.last = placed;
			lastByPair.put(pair(task.src, task.dst), placed);
			lastBySource.put(task.src, placed);
			ArrayDeque<Placed.Event> before = early.get(task.channel);
			if (before != null && !before.isEmpty()) {
				carried.add(new Placed.Event[] { placed, before.poll() });
			} else {
				state.unreceived.add(placed);
			}
			wake(task.channel);
		}

		private void wake(Channel channel) {
			List<EventTask> receivers = waiting.remove(channel);
			if (receivers != null) {
				ready.addAll(receivers);
			}
		}

		private void receive(EventTask task) {
			ChannelState state = channels.get(task.channel);
			Placed.Event send = state == null ? null : state.unreceived.isEmpty() ? state.last : state.unreceived.poll();
			if (send == null) {
				orphans.add(place(task, clock(task.owner)));
				orphanChannels.add(task.channel);
				return;
			}
			Placed.Event recv = place(task, Math.max(clock(task.owner), send.tick() + 1));
			messages.add(new Placed.Message(send, recv, task.text, task.src, task.dst, send.tick(), false));
		}

		/** Draws the messages of the previous iteration; returns the end of the block. */
		long finish() {
			long end = Math.max(scope.start + 1, last);
			long period = end - scope.start;
			for (Placed.Event[] pair : carried) {
				Placed.Event recv = pair[1];
				messages.add(new Placed.Message(pair[0], recv, recv.text(), pair[0].rank(), recv.rank(), pair[0].tick() - period, true));
			}
			// Receives whose send came inside a later loop of the block: its last send, of the previous iteration.
			early.forEach((channel, receives) -> receives.forEach(recv -> {
				ChannelState state = channels.get(channel);
				Placed.Event send = state == null ? null : state.last;
				if (send == null) {
					orphans.add(recv);
					orphanChannels.add(channel);
				} else if (send.tick() < recv.tick()) {
					messages.add(new Placed.Message(send, recv, channel.tag(), channel.src(), channel.dst(), send.tick(), false));
				} else {
					messages.add(new Placed.Message(send, recv, channel.tag(), channel.src(), channel.dst(), send.tick() - period, true));
				}
			}));
			return end;
		}
	}
}
