// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.resource.IResourceFactory;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;

import com.google.inject.Injector;

/**
 * Model text parsed into a resource of its own (with its node model), by the services of the
 * runtime ({@code ModelText}) or of the IDE layer (the editor's highlighting and completion).
 */
public final class TextResources {

	private TextResources() {
	}

	/** Parses and resolves the text in a fresh resource set of the injector's language services. */
	public static XtextResource load(Injector injector, String text, String fileName) {
		XtextResourceSet resourceSet = injector.getInstance(XtextResourceSet.class);
		XtextResource resource = (XtextResource) injector.getInstance(IResourceFactory.class)
				.createResource(URI.createFileURI(fileName.endsWith(".loops") ? fileName : fileName + ".loops"));
		resourceSet.getResources().add(resource);
		try {
			resource.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
					Map.of(XtextResource.OPTION_ENCODING, StandardCharsets.UTF_8.name()));
		} catch (IOException e) {
			throw new IllegalStateException("reading from memory cannot fail", e);
		}
		return resource;
	}
}
