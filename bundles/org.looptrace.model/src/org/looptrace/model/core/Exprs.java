// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.Message;
import org.looptrace.model.Recv;
import org.looptrace.model.Residue;
import org.looptrace.model.Symbol;
import org.looptrace.model.Term;
import org.looptrace.model.Value;
import org.looptrace.model.Xor;

/**
 * Expressions {@code constant + sum coefficient * index + sum coefficient * mod(argument, modulus)
 * + sum coefficient * xor(argument, mask * 2^shift)}: building them in canonical form, evaluating
 * them and printing them. Canonical form: no zero coefficient, one term per index, terms ordered
 * from the outermost loop inwards (the order of {@code scope}); each residue's argument affine and
 * canonical, its constant in 0 .. modulus - 1 and its coefficients in (-modulus/2, modulus/2],
 * modulus at least 2, one residue per argument and modulus, residues ordered by their text; each
 * xor's argument and shift affine and canonical, not both constant, a constant shift 0 (its power
 * moved into the mask), an odd mask beside a shift that is not constant, one xor per argument, mask
 * and shift, xors ordered by their text.
 */
public final class Exprs {

	private Exprs() {
	}

	public static Expr constant(long value) {
		Expr expr = LooptraceFactory.eINSTANCE.createExpr();
		expr.setConstant(value);
		return expr;
	}

	/** {@code constant + coefficient * index}, or a constant when the coefficient is 0. */
	public static Expr affine(long constant, long coefficient, String index) {
		Expr expr = constant(constant);
		if (coefficient != 0) {
			expr.getTerms().add(term(coefficient, index));
		}
		return expr;
	}

	public static Term term(long coefficient, String index) {
		Term term = LooptraceFactory.eINSTANCE.createTerm();
		term.setCoefficient(coefficient);
		term.setIndex(index);
		return term;
	}

	public static Symbol symbol(String name) {
		Symbol symbol = LooptraceFactory.eINSTANCE.createSymbol();
		symbol.setName(name);
		return symbol;
	}

	/**
	 * Builds the canonical expression of {@code constant + sum coefficients[i] * indices[i]}: terms of
	 * the same index are summed, zero terms dropped, the rest ordered as in {@code scope} (outermost
	 * first); indices not in scope come last, by name.
	 */
	public static Expr canonical(long constant, Map<String, Long> coefficients, List<String> scope) {
		Expr expr = constant(constant);
		Map<String, Long> rest = new TreeMap<>(coefficients);
		for (String index : scope) {
			Long coefficient = rest.remove(index);
			if (coefficient != null && coefficient != 0) {
				expr.getTerms().add(term(coefficient, index));
			}
		}
		rest.forEach((index, coefficient) -> {
			if (coefficient != 0) {
				expr.getTerms().add(term(coefficient, index));
			}
		});
		return expr;
	}

	/**
	 * The canonical expression of {@code canonical(constant, coefficients, scope) + residues}. A
	 * residue's argument is made canonical modulo its modulus; a residue of a constant argument
	 * adds to the constant.
	 *
	 * @throws IllegalArgumentException when a modulus is below 1 or an argument holds a residue
	 */
	public static Expr canonical(long constant, Map<String, Long> coefficients, List<Residue> residues, List<String> scope) {
		long sum = constant;
		List<Residue> kept = new ArrayList<>();
		for (Residue residue : residues) {
			long modulus = residue.getModulus();
			Expr argument = residue.getArgument();
			if (modulus < 1 || argument == null || !argument.getResidues().isEmpty()) {
				throw new IllegalArgumentException("a residue needs a modulus of at least 1 and an affine argument");
			}
			Map<String, Long> reduced = new TreeMap<>();
			argument.getTerms().forEach(term -> reduced.merge(term.getIndex(), symmetric(term.getCoefficient(), modulus), Long::sum));
			reduced.replaceAll((index, coefficient) -> symmetric(coefficient, modulus));
			Expr canonicalArgument = canonical(Math.floorMod(argument.getConstant(), modulus), reduced, scope);
			if (isConstant(canonicalArgument)) {
				sum = Math.addExact(sum, Math.multiplyExact(residue.getCoefficient(), canonicalArgument.getConstant()));
				continue;
			}
			Optional<Residue> same = kept.stream().filter(other -> other.getModulus() == modulus
					&& toText(other.getArgument()).equals(toText(canonicalArgument))).findFirst();
			if (same.isPresent()) {
				same.get().setCoefficient(Math.addExact(same.get().getCoefficient(), residue.getCoefficient()));
			} else {
				kept.add(residue(residue.getCoefficient(), canonicalArgument, modulus));
			}
		}
		Expr expr = canonical(sum, coefficients, scope);
		kept.removeIf(residue -> residue.getCoefficient() == 0);
		kept.sort(Comparator.comparing((Residue residue) -> toText(residue.getArgument())).thenComparingLong(Residue::getModulus));
		expr.getResidues().addAll(kept);
		return expr;
	}

	/**
	 * The canonical expression of {@code canonical(constant, coefficients, residues, scope) + xors}.
	 * A xor of a constant argument and a constant shift adds its value to the constant.
	 *
	 * @throws IllegalArgumentException when a mask is below 1, an argument or a shift is not affine,
	 *         or a constant shift is negative or moves the mask out of the 63 bits of a number
	 */
	public static Expr canonical(long constant, Map<String, Long> coefficients, List<Residue> residues, List<Xor> xors,
			List<String> scope) {
		Expr expr = canonical(constant, coefficients, residues, scope);
		long sum = expr.getConstant();
		List<Xor> kept = new ArrayList<>();
		for (Xor xor : xors) {
			Expr argument = xor.getArgument();
			Expr shift = xor.getShift();
			if (xor.getMask() < 1 || argument == null || !isAffine(argument) || shift == null || !isAffine(shift)) {
				throw new IllegalArgumentException("a xor needs a mask of at least 1, an affine argument and an affine shift");
			}
			long mask = xor.getMask();
			long shiftConstant = shift.getConstant();
			if (shift.getTerms().isEmpty()) {
				try {
					mask = shiftedMask(mask, shiftConstant);
				} catch (ArithmeticException e) {
					throw new IllegalArgumentException(e.getMessage(), e);
				}
				shiftConstant = 0;
			} else {
				for (; (mask & 1) == 0; mask >>= 1) {
					shiftConstant = Math.addExact(shiftConstant, 1);
				}
			}
			Expr canonicalArgument = canonical(argument.getConstant(), coefficients(argument), scope);
			Expr canonicalShift = canonical(shiftConstant, coefficients(shift), scope);
			if (isConstant(canonicalArgument) && isConstant(canonicalShift)) {
				sum = Math.addExact(sum, Math.multiplyExact(xor.getCoefficient(), canonicalArgument.getConstant() ^ mask));
				continue;
			}
			Xor candidate = xor(xor.getCoefficient(), canonicalArgument, mask, canonicalShift);
			Optional<Xor> same = kept.stream().filter(other -> xorText(other).equals(xorText(candidate))).findFirst();
			if (same.isPresent()) {
				same.get().setCoefficient(Math.addExact(same.get().getCoefficient(), xor.getCoefficient()));
			} else {
				kept.add(candidate);
			}
		}
		expr.setConstant(sum);
		kept.removeIf(xor -> xor.getCoefficient() == 0);
		kept.sort(Comparator.comparing(Exprs::xorText));
		expr.getXors().addAll(kept);
		return expr;
	}

	/** The summed coefficient of each index of an affine expression. */
	private static Map<String, Long> coefficients(Expr affine) {
		Map<String, Long> coefficients = new TreeMap<>();
		affine.getTerms().forEach(term -> coefficients.merge(term.getIndex(), term.getCoefficient(), Math::addExact));
		return coefficients;
	}

	/**
	 * {@code mask * 2^shift}, the bits a xor flips.
	 *
	 * @throws ArithmeticException when the shift is negative or moves the mask out of the 63 bits of
	 *         a positive 64-bit number
	 */
	public static long shiftedMask(long mask, long shift) {
		if (shift < 0 || shift > Long.numberOfLeadingZeros(mask) - 1) {
			throw new ArithmeticException("xor(..., " + mask + "*pow2(" + shift + ")) shifts the mask out of the range of a 64-bit number");
		}
		return mask << shift;
	}

	/** {@code coefficient * xor(argument, mask * 2^shift)}. */
	public static Xor xor(long coefficient, Expr argument, long mask, Expr shift) {
		Xor xor = LooptraceFactory.eINSTANCE.createXor();
		xor.setCoefficient(coefficient);
		xor.setArgument(argument);
		xor.setMask(mask);
		xor.setShift(shift);
		return xor;
	}

	/** {@code coefficient * mod(argument, modulus)}. */
	public static Residue residue(long coefficient, Expr argument, long modulus) {
		Residue residue = LooptraceFactory.eINSTANCE.createResidue();
		residue.setCoefficient(coefficient);
		residue.setArgument(argument);
		residue.setModulus(modulus);
		return residue;
	}

	/** The representative of {@code value} modulo {@code modulus} in (-modulus/2, modulus/2]. */
	public static long symmetric(long value, long modulus) {
		long positive = Math.floorMod(value, modulus);
		return positive > modulus / 2 ? positive - modulus : positive;
	}

	/** Whether the expression has one value whatever the loop indices. */
	public static boolean isConstant(Expr expr) {
		return expr.getTerms().isEmpty() && expr.getResidues().isEmpty() && expr.getXors().isEmpty();
	}

	/** Whether the expression has no residue and no xor: {@code constant + sum coefficient * index}. */
	public static boolean isAffine(Expr expr) {
		return expr.getResidues().isEmpty() && expr.getXors().isEmpty();
	}

	/** The indices the expression reads, in terms, in residues' arguments and in xors' arguments and shifts. */
	public static Set<String> indices(Expr expr) {
		Set<String> indices = new LinkedHashSet<>();
		expr.getTerms().forEach(term -> indices.add(term.getIndex()));
		expr.getResidues().forEach(residue -> indices.addAll(indices(residue.getArgument())));
		expr.getXors().forEach(xor -> {
			indices.addAll(indices(xor.getArgument()));
			indices.addAll(indices(xor.getShift()));
		});
		return indices;
	}

	/** Whether the expression reads the index, in a term or in a residue's or a xor's argument or shift. */
	public static boolean reads(Expr expr, String index) {
		for (Term term : expr.getTerms()) {
			if (term.getIndex().equals(index)) {
				return true;
			}
		}
		for (Residue residue : expr.getResidues()) {
			if (reads(residue.getArgument(), index)) {
				return true;
			}
		}
		for (Xor xor : expr.getXors()) {
			if (reads(xor.getArgument(), index) || reads(xor.getShift(), index)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Evaluates the expression.
	 *
	 * @throws IllegalStateException when an index is not bound by the environment
	 * @throws ArithmeticException when the value, or a xor's shifted mask, is out of the 64-bit range
	 */
	public static long evaluate(Expr expr, IndexEnvironment environment) {
		long value = expr.getConstant();
		try {
			for (Term term : expr.getTerms()) {
				value = Math.addExact(value, Math.multiplyExact(term.getCoefficient(), environment.valueOf(term.getIndex())));
			}
			for (Residue residue : expr.getResidues()) {
				long remainder = Math.floorMod(evaluate(residue.getArgument(), environment), residue.getModulus());
				value = Math.addExact(value, Math.multiplyExact(residue.getCoefficient(), remainder));
			}
			for (Xor xor : expr.getXors()) {
				value = Math.addExact(value, Math.multiplyExact(xor.getCoefficient(), xorValue(xor, environment)));
			}
			return value;
		} catch (ArithmeticException overflow) {
			// A product or partial sum left the range of a long: the value may still be one.
			return evaluateExactly(expr, environment);
		}
	}

	private static long evaluateExactly(Expr expr, IndexEnvironment environment) {
		BigInteger value = BigInteger.valueOf(expr.getConstant());
		for (Term term : expr.getTerms()) {
			value = value.add(BigInteger.valueOf(term.getCoefficient()).multiply(BigInteger.valueOf(environment.valueOf(term.getIndex()))));
		}
		for (Residue residue : expr.getResidues()) {
			long remainder = Math.floorMod(evaluate(residue.getArgument(), environment), residue.getModulus());
			value = value.add(BigInteger.valueOf(residue.getCoefficient()).multiply(BigInteger.valueOf(remainder)));
		}
		for (Xor xor : expr.getXors()) {
			value = value.add(BigInteger.valueOf(xor.getCoefficient()).multiply(BigInteger.valueOf(xorValue(xor, environment))));
		}
		try {
			return value.longValueExact();
		} catch (ArithmeticException e) {
			throw new ArithmeticException(toText(expr) + " evaluates to " + value + ", out of the range of a 64-bit number");
		}
	}

	/** {@code xor(argument, mask * 2^shift)} at the environment's indices. */
	private static long xorValue(Xor xor, IndexEnvironment environment) {
		return evaluate(xor.getArgument(), environment) ^ shiftedMask(xor.getMask(), evaluate(xor.getShift(), environment));
	}

	/**
	 * Sets the tag of a message from its token in a trace: a number, a tag on a communicator
	 * ({@code c33.3014}: communicator {@code c33}, tag 3014) or a symbol.
	 */
	public static void setTag(Message message, String token) {
		int dot = Tokens.communicatorEnd(token);
		if (dot >= 0) {
			message.setCommunicator(token.substring(0, dot));
			message.setTag(constant(Long.parseLong(token.substring(dot + 1))));
		} else {
			message.setCommunicator(null);
			message.setTag(value(token));
		}
	}

	/** The value of a trace token: its number, or the symbol it spells. */
	public static Value value(String token) {
		return Tokens.isNumber(token) ? constant(Long.parseLong(token)) : symbol(token);
	}

	/**
	 * The expression of the rank in whose trace an event is written: a receive's second field (the
	 * receiver), the first field of the other events. {@link TraceEvent#owner()} of the event's lines.
	 */
	public static Expr owner(Event event) {
		return event instanceof Recv recv ? recv.getPeer() : event.getRank();
	}

	/** The token of a message's tag in a trace line: the number, {@code c33.3014} or the symbol. */
	public static String tagText(Message message, IndexEnvironment environment) {
		return Tokens.tag(message.getCommunicator(), evaluateToText(message.getTag(), environment));
	}

	/** The text a field evaluates to in a trace line: a symbol's name or the number. */
	public static String evaluateToText(Value value, IndexEnvironment environment) {
		if (value instanceof Symbol symbol) {
			return symbol.getName();
		}
		return Long.toString(evaluate((Expr) value, environment));
	}

	/**
	 * Canonical text, e.g. {@code 1+i0}, {@code -i1}, {@code 5-2*i0+i1}, {@code 0},
	 * {@code 4*i1+mod(3+i2,4)}, {@code 4*i1+xor(i2,2)}, {@code 4*i1+xor(i2,pow2(1-i3))},
	 * {@code 1+pow2(i1)}, {@code -3*pow2(1+i1)} (xors of the argument 0 with the coefficient 1 or -1).
	 */
	public static String toText(Expr expr) {
		StringBuilder text = new StringBuilder();
		if (expr.getConstant() != 0 || isConstant(expr)) {
			text.append(expr.getConstant());
		}
		for (Term term : expr.getTerms()) {
			summand(text, term.getCoefficient(), term.getIndex());
		}
		for (Residue residue : expr.getResidues()) {
			summand(text, residue.getCoefficient(), "mod(" + toText(residue.getArgument()) + "," + residue.getModulus() + ")");
		}
		for (Xor xor : expr.getXors()) {
			// xor(0,m*pow2(s)) is the power m*pow2(s), a summand of its own when its sign is its coefficient
			boolean power = isPower(xor) && Math.abs(xor.getCoefficient()) == 1;
			summand(text, xor.getCoefficient(), power ? bitsText(xor) : xorText(xor));
		}
		return text.toString();
	}

	/**
	 * Whether the xor flips bits of the constant 0 by a shift that is not constant: it is the power
	 * of two {@code mask * 2^shift}, written {@code pow2(shift)} or {@code mask*pow2(shift)}.
	 */
	public static boolean isPower(Xor xor) {
		return isConstant(xor.getArgument()) && xor.getArgument().getConstant() == 0 && !isConstant(xor.getShift());
	}

	/** {@code xor(argument,mask)}, {@code xor(argument,pow2(shift))} or {@code xor(argument,mask*pow2(shift))}. */
	private static String xorText(Xor xor) {
		return "xor(" + toText(xor.getArgument()) + "," + bitsText(xor) + ")";
	}

	/** {@code mask}, {@code pow2(shift)} or {@code mask*pow2(shift)}: the bits a xor flips. */
	private static String bitsText(Xor xor) {
		if (isConstant(xor.getShift()) && xor.getShift().getConstant() == 0) {
			return Long.toString(xor.getMask());
		}
		return (xor.getMask() == 1 ? "" : xor.getMask() + "*") + "pow2(" + toText(xor.getShift()) + ")";
	}

	private static void summand(StringBuilder text, long coefficient, String factor) {
		if (coefficient < 0) {
			text.append('-');
		} else if (!text.isEmpty()) {
			text.append('+');
		}
		// The digits of the magnitude from the text, as Math.abs(Long.MIN_VALUE) overflows.
		String magnitude = Long.toString(coefficient).substring(coefficient < 0 ? 1 : 0);
		if (!magnitude.equals("1")) {
			text.append(magnitude).append('*');
		}
		text.append(factor);
	}

	/** Values of loop indices by name; inner loops shadow outer ones. */
	@FunctionalInterface
	public interface IndexEnvironment {
		long valueOf(String index);
	}
}
