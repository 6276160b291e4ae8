// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.eclipse.emf.common.util.EList;
import org.eclipse.emf.ecore.EObject;
import org.looptrace.merge.ChannelKind;
import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.model.Block;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.Message;
import org.looptrace.model.Residue;
import org.looptrace.model.Xor;
import org.looptrace.model.Send;
import org.looptrace.model.Symbol;
import org.looptrace.model.Sync;
import org.looptrace.model.Term;
import org.looptrace.model.Value;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.Tokens;

/**
 * Reads the local model of one rank as a system. Channels must be exact for every construct, so a
 * loop is unrolled when its index decides a channel (rank, peer or tag of an event) or the bounds
 * of an inner loop (triangular nests) anywhere in its body; local words stay affine.
 */
public final class LocalModels {

	private LocalModels() {
	}

	/**
	 * The system of the local model of {@code rank}.
	 *
	 * @throws IllegalArgumentException when the model holds an event of another rank
	 * @throws InconsistentTraceException when the rank's messages to itself do not balance
	 */
	public static GlobalSystem system(Block model, int rank, GroupMembers groups) throws InconsistentTraceException {
		GlobalSystem system = new GlobalSystem(convert(model.getItems(), new HashMap<>(), rank, groups));
		SortedMap<GlobalChannel, long[]> self = countSelf(system.items);
		for (Map.Entry<GlobalChannel, long[]> entry : self.entrySet()) {
			long[] counts = entry.getValue();
			if (counts[0] != counts[1]) {
				throw entry.getKey().unbalanced(counts[0], counts[1]);
			}
		}
		return system;
	}

	private static List<GlobalConstruct> convert(EList<Item> items, Map<String, AffineExpression> scope, int rank,
			GroupMembers groups)
			throws InconsistentTraceException {
		List<GlobalConstruct> result = new ArrayList<>();
		for (Item item : items) {
			if (item instanceof Loop loop) {
				long lower = constant(loop.getLower(), scope, "the lower bound of loop " + loop.getIndex());
				long upper = constant(loop.getUpper(), scope, "the upper bound of loop " + loop.getIndex());
				if (upper < lower) {
					continue;
				}
				Map<String, AffineExpression> inner = new HashMap<>(scope);
				if (upper == lower || decidesChannels(loop.getItems(), loop.getIndex())) {
					for (long value = lower; value <= upper; value++) {
						inner.put(loop.getIndex(), AffineExpression.of(value));
						result.addAll(convert(loop.getItems(), inner, rank, groups));
					}
				} else {
					LoopVariable var = new LoopVariable();
					inner.put(loop.getIndex(), AffineExpression.of(var, 1, lower));
					result.add(new GlobalLoop(upper - lower + 1, var, new GlobalSystem(convert(loop.getItems(), inner, rank, groups))));
				}
			} else if (item instanceof Event event) {
				if (event instanceof Sync sync && !sync.getGroup().contains(rank)) {
					throw new InconsistentTraceException("collective " + sync.getName() + " of group " + sync.getGroup()
							+ ": rank " + rank + " takes part, but the group does not contain it");
				}
				GlobalEvent ev = event(event, scope, groups);
				if (ev.owner() != rank) {
					throw new IllegalArgumentException("the local model of rank " + rank + " holds an event of rank "
							+ ev.owner() + ": " + org.looptrace.model.core.ModelPrinter.print(event));
				}
				result.add(ev);
			}
		}
		return result;
	}

	private static GlobalEvent event(Event event, Map<String, AffineExpression> scope, GroupMembers groups) {
		int rank = rank(event.getRank(), scope);
		if (event instanceof Message message) {
			EventKind kind = message instanceof Send ? EventKind.SEND : EventKind.RECV;
			String number = message.getTag() instanceof Symbol symbol ? symbol.getName()
					: Long.toString(constant((Expr) message.getTag(), scope, "a tag"));
			String tag = Tokens.tag(message.getCommunicator(), number);
			return GlobalEvent.message(kind, rank, rank(message.getPeer(), scope), tag);
		}
		if (event instanceof Sync sync) {
			return GlobalEvent.sync(rank, sync.getName(), sync.getGroup(), groups);
		}
		List<LocalWord> words = new ArrayList<>();
		for (Value word : ((Local) event).getWords()) {
			if (word instanceof Symbol symbol) {
				words.add(new LocalWord.Token(symbol.getName()));
			} else {
				AffineExpression value = affine((Expr) word, scope);
				words.add(value.isConstant() ? new LocalWord.Token(Long.toString(value.constant())) : value);
			}
		}
		return GlobalEvent.local(rank, words);
	}

	/** Whether the index decides a channel, an inner bound or a residue somewhere in the items. */
	private static boolean decidesChannels(EList<Item> items, String index) {
		for (Item item : items) {
			if (item instanceof Loop loop) {
				if (uses(loop.getLower(), index) || uses(loop.getUpper(), index)
						|| !loop.getIndex().equals(index) && decidesChannels(loop.getItems(), index)) {
					return true;
				}
			} else if (item instanceof Event event) {
				if (uses(event.getRank(), index) || event instanceof Message message
						&& (uses(message.getPeer(), index) || uses(message.getTag(), index))
						|| event instanceof Local local && usesInResidue(local, index)) {
					return true;
				}
			}
		}
		return false;
	}

	private static boolean uses(EObject value, String index) {
		return value instanceof Expr expr && Exprs.reads(expr, index);
	}

	/** Whether a residue or a xor of a local word reads the index: the loop is unrolled so that it is constant. */
	private static boolean usesInResidue(Local local, String index) {
		return local.getWords().stream().anyMatch(word -> word instanceof Expr expr
				&& (expr.getResidues().stream().anyMatch(residue -> Exprs.reads(residue.getArgument(), index))
						|| expr.getXors().stream().anyMatch(xor -> Exprs.reads(xor.getArgument(), index) || Exprs.reads(xor.getShift(), index))));
	}

	private static AffineExpression affine(Expr expr, Map<String, AffineExpression> scope) {
		AffineExpression value = AffineExpression.of(expr.getConstant());
		for (Term term : expr.getTerms()) {
			AffineExpression index = scope.get(term.getIndex());
			if (index == null) {
				throw new IllegalArgumentException("loop index '" + term.getIndex() + "' of " + Exprs.toText(expr)
						+ " is not bound by an enclosing loop");
			}
			value = value.plusTimes(index, term.getCoefficient());
		}
		for (Residue residue : expr.getResidues()) {
			AffineExpression argument = affine(residue.getArgument(), scope);
			if (!argument.isConstant()) {
				throw new IllegalStateException("the residue of " + Exprs.toText(expr) + " depends on a loop that is kept");
			}
			long remainder = Math.floorMod(argument.constant(), residue.getModulus());
			value = value.plus(AffineExpression.of(Math.multiplyExact(residue.getCoefficient(), remainder)));
		}
		for (Xor xor : expr.getXors()) {
			AffineExpression argument = affine(xor.getArgument(), scope);
			AffineExpression shift = affine(xor.getShift(), scope);
			if (!argument.isConstant() || !shift.isConstant()) {
				throw new IllegalStateException("the xor of " + Exprs.toText(expr) + " depends on a loop that is kept");
			}
			long bits = argument.constant() ^ Exprs.shiftedMask(xor.getMask(), shift.constant());
			value = value.plus(AffineExpression.of(Math.multiplyExact(xor.getCoefficient(), bits)));
		}
		return value;
	}

	private static long constant(Expr expr, Map<String, AffineExpression> scope, String what) {
		AffineExpression value = affine(expr, scope);
		if (!value.isConstant()) {
			// Unreachable for well-formed models: loops whose index decides a channel are unrolled.
			throw new IllegalStateException(what + " is not constant: " + Exprs.toText(expr));
		}
		return value.constant();
	}

	private static int rank(Expr expr, Map<String, AffineExpression> scope) {
		long value = constant(expr, scope, "a rank");
		if (value < 0 || value > Integer.MAX_VALUE) {
			throw new IllegalArgumentException("rank " + Exprs.toText(expr) + " evaluates to " + value + ", not a rank");
		}
		return (int) value;
	}

	/** The messages of a rank to itself in these items: [sent, received] per channel. */
	private static SortedMap<GlobalChannel, long[]> countSelf(List<GlobalConstruct> items) {
		SortedMap<GlobalChannel, long[]> counts = new TreeMap<>();
		for (GlobalConstruct item : items) {
			if (item instanceof GlobalLoop loop) {
				countSelf(loop.body.items).forEach((channel, inner) -> add(counts, channel,
						channel.times(inner[0], loop.count), channel.times(inner[1], loop.count)));
			} else if (item instanceof GlobalEvent ev && ev.rank == ev.peer
					&& (ev.kind == EventKind.SEND || ev.kind == EventKind.RECV)) {
				boolean sent = ev.kind == EventKind.SEND;
				add(counts, new GlobalChannel(ev.rank, ev.peer, new ChannelKind.Messages(ev.channelTag())), sent ? 1 : 0,
						sent ? 0 : 1);
			}
		}
		return counts;
	}

	private static void add(SortedMap<GlobalChannel, long[]> counts, GlobalChannel channel, long sent, long received) {
		long[] total = counts.computeIfAbsent(channel, c -> new long[2]);
		total[0] = channel.plus(total[0], sent);
		total[1] = channel.plus(total[1], received);
	}
}
