// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.formatting2.FormatterRequest;
import org.eclipse.xtext.formatting2.IFormatter2;
import org.eclipse.xtext.formatting2.regionaccess.ITextReplacement;
import org.eclipse.xtext.formatting2.regionaccess.TextRegionAccessBuilder;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;
import org.looptrace.lang.internal.LoopsStandaloneSetup;
import org.looptrace.lang.internal.TextResources;
import org.looptrace.model.Construct;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;

import com.google.inject.Injector;

/**
 * Model text ({@code .loops}, see {@code docs/LANGUAGE.md}) without an editor: parsing with
 * validation, printing, formatting. Works on a plain class path and inside OSGi.
 */
public final class ModelText {

	private ModelText() {
	}

	/** The language's services, set up once (standalone: no extension registry needed). */
	private static final class Services {
		static final Injector INJECTOR = new LoopsStandaloneSetup().createInjectorAndDoEMFRegistration();
	}

	/**
	 * Parses and validates a model file (UTF-8).
	 *
	 * @return the model, detached from the parser (no text positions attached)
	 * @throws ModelTextException listing every syntax and validation error
	 */
	public static Model parse(Path file) throws IOException, ModelTextException {
		return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
	}

	/**
	 * Parses and validates model text.
	 *
	 * @param fileName the name errors are reported under
	 * @return the model, detached from the parser (no text positions attached)
	 * @throws ModelTextException listing every syntax and validation error
	 */
	public static Model parse(String text, String fileName) throws ModelTextException {
		return EcoreUtil.copy(parsed(text, fileName));
	}

	/**
	 * Parses and validates model text, keeping the line of each construct: what a tool needs to
	 * point the user at a construct of the file.
	 *
	 * @param fileName the name errors are reported under
	 * @return the model, detached from the parser, and the lines (from 1) where each of its
	 *         constructs starts and ends
	 * @throws ModelTextException listing every syntax and validation error
	 */
	public static LocatedModel parseLocated(String text, String fileName) throws ModelTextException {
		Model parsed = parsed(text, fileName);
		EcoreUtil.Copier copier = new EcoreUtil.Copier();
		Model model = (Model) copier.copy(parsed);
		copier.copyReferences();
		Map<Construct, Integer> lines = new IdentityHashMap<>();
		Map<Construct, Integer> lastLines = new IdentityHashMap<>();
		parsed.eAllContents().forEachRemaining(object -> {
			if (object instanceof Construct construct && NodeModelUtils.getNode(construct) instanceof INode node) {
				Construct copy = (Construct) copier.get(construct);
				lines.put(copy, node.getStartLine());
				lastLines.put(copy, node.getEndLine());
			}
		});
		return new LocatedModel(model, lines, lastLines);
	}

	/** The parsed and valid model, still attached to its resource and node model. */
	private static Model parsed(String text, String fileName) throws ModelTextException {
		XtextResource resource = load(text, fileName);
		List<Issue> errors = new ArrayList<>();
		for (Issue issue : validate(resource, CancelIndicator.NullImpl)) {
			if (issue.getSeverity() == Severity.ERROR) {
				errors.add(issue);
			}
		}
		if (!errors.isEmpty()) {
			errors.sort(Comparator.comparing(Issue::getOffset, Comparator.nullsFirst(Comparator.naturalOrder())));
			throw new ModelTextException(errors.stream()
					.map(issue -> fileName + ":" + issue.getLineNumber() + ":" + issue.getColumn() + ": error: " + issue.getMessage())
					.toList());
		}
		return (Model) resource.getContents().get(0);
	}

	/**
	 * The syntax errors and the validation errors and warnings of model text, with their offsets
	 * in the text: what an editor shows as annotations and markers while the user types.
	 *
	 * @param fileName the name the issues are reported under
	 * @param cancel asked between checks; a cancelled validation returns the issues found so far
	 */
	public static List<Issue> issues(String text, String fileName, CancelIndicator cancel) {
		return validate(load(text, fileName), cancel);
	}

	private static List<Issue> validate(XtextResource resource, CancelIndicator cancel) {
		IResourceValidator validator = resource.getResourceServiceProvider().getResourceValidator();
		return validator.validate(resource, CheckMode.ALL, cancel);
	}

	/** The canonical text of the model: the same as {@link ModelPrinter#print}. */
	public static String print(Model model) {
		return ModelPrinter.print(model);
	}

	/**
	 * Formats model text: the layout and spelling of {@link #print}, keeping the comments.
	 *
	 * @throws ModelTextException listing the syntax errors, when the text does not parse
	 */
	public static String format(String text) throws ModelTextException {
		return format(text, "<text>");
	}

	/**
	 * Formats model text: the layout and spelling of {@link #print}, keeping the comments.
	 *
	 * @param fileName the name errors are reported under
	 * @throws ModelTextException listing the syntax errors, when the text does not parse
	 */
	public static String format(String text, String fileName) throws ModelTextException {
		XtextResource resource = load(text, fileName);
		List<String> errors = new ArrayList<>();
		for (Resource.Diagnostic error : resource.getErrors()) {
			errors.add(fileName + ":" + error.getLine() + ":" + error.getColumn() + ": error: " + error.getMessage());
		}
		if (!errors.isEmpty()) {
			throw new ModelTextException(errors);
		}
		FormatterRequest request = Services.INJECTOR.getInstance(FormatterRequest.class);
		request.setTextRegionAccess(Services.INJECTOR.getInstance(TextRegionAccessBuilder.class).forNodeModel(resource).create());
		List<ITextReplacement> replacements = new ArrayList<>(Services.INJECTOR.getInstance(IFormatter2.class).format(request));
		replacements.sort(Comparator.comparingInt(ITextReplacement::getOffset).reversed());
		StringBuilder formatted = new StringBuilder(text);
		for (ITextReplacement replacement : replacements) {
			formatted.replace(replacement.getOffset(), replacement.getEndOffset(), replacement.getReplacementText());
		}
		return formatted.toString();
	}

	private static XtextResource load(String text, String fileName) {
		return TextResources.load(Services.INJECTOR, text, fileName);
	}
}
