// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.Issue;
import org.looptrace.lang.internal.TextResources;
import org.looptrace.lang.internal.ide.LoopsIdeSetup;
import org.looptrace.model.Model;

import com.google.inject.Injector;

/**
 * The language's services for tests (org.eclipse.xtext.testing is not in the target platform, so
 * the injector is used directly), and the example models of the repository.
 */
final class Texts {

	static final Injector INJECTOR = new LoopsIdeSetup().createInjectorAndDoEMFRegistration();

	private Texts() {
	}

	/** Parses without validating: the resource, whose errors are the syntax errors. */
	static XtextResource load(String text) {
		return TextResources.load(INJECTOR, text, "test.loops");
	}

	/** The model of syntactically valid text (the parser alone: validation is tested apart). */
	static Model parseSyntax(String text) {
		XtextResource resource = load(text);
		if (!resource.getErrors().isEmpty()) {
			throw new AssertionError("syntax errors " + resource.getErrors() + " in:\n" + text);
		}
		return (Model) resource.getContents().get(0);
	}

	/** Every issue of the text: syntax, errors and warnings. */
	static List<Issue> issues(String text) {
		XtextResource resource = load(text);
		return resource.getResourceServiceProvider().getResourceValidator().validate(resource, CheckMode.ALL,
				CancelIndicator.NullImpl);
	}

	/** The example models of the repository, examples/models/*.loops. */
	static List<Path> examples() {
		Path dir = Path.of("").toAbsolutePath();
		while (dir != null && !Files.isDirectory(dir.resolve("examples/models"))) {
			dir = dir.getParent();
		}
		if (dir == null) {
			throw new AssertionError("examples/models not found above " + Path.of("").toAbsolutePath());
		}
		try (var files = Files.list(dir.resolve("examples/models"))) {
			return files.filter(file -> file.toString().endsWith(".loops")).sorted().toList();
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}
}
